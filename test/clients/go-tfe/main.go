// Drives HashiCorp's go-tfe (Debian's golang-github-hashicorp-go-tfe-dev) with its own defaults:
// tfe.DefaultConfig() reads TFE_ADDRESS (an https:// address) and TFE_TOKEN, and its HTTP client
// trusts the system's authorities, so the local CA is trusted with SSL_CERT_FILE as a user would.
// The organization token comes from TFE_ORG_TOKEN. Prints one JSON line per step.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	tfe "github.com/hashicorp/go-tfe"
)

type result struct {
	Step  string      `json:"step"`
	OK    bool        `json:"ok"`
	Error string      `json:"error,omitempty"`
	Value interface{} `json:"value,omitempty"`
}

func report(step string, value interface{}, err error) {
	r := result{Step: step, OK: err == nil, Value: value}
	if err != nil {
		r.Error = err.Error()
	}
	line, _ := json.Marshal(r)
	fmt.Println(string(line))
}

// expectError reports a step that passes when the call fails with `want`.
func expectError(step string, err error, want error) {
	if errors.Is(err, want) {
		report(step, want.Error(), nil)
		return
	}
	report(step, nil, fmt.Errorf("wanted %q, got %v", want, err))
}

func main() {
	ctx := context.Background()
	org := os.Args[1]
	suffix := os.Args[2]
	name := "go-tfe-" + suffix

	client, err := tfe.NewClient(tfe.DefaultConfig())
	report("new client (ping)", nil, err)
	if err != nil {
		os.Exit(0)
	}
	report("remote API version", client.RemoteAPIVersion(), nil)

	user, err := client.Users.ReadCurrent(ctx)
	if err == nil {
		report("account details", map[string]interface{}{"id": user.ID, "username": user.Username, "service": user.IsServiceAccount}, nil)
	} else {
		report("account details", nil, err)
	}

	orgConfig := tfe.DefaultConfig()
	orgConfig.Token = os.Getenv("TFE_ORG_TOKEN")
	orgClient, err := tfe.NewClient(orgConfig)
	if err == nil {
		var service *tfe.User
		service, err = orgClient.Users.ReadCurrent(ctx)
		if err == nil {
			report("account details (organization token)", map[string]interface{}{"username": service.Username, "service": service.IsServiceAccount}, nil)
		}
	}
	if err != nil {
		report("account details (organization token)", nil, err)
	}

	ws, err := client.Workspaces.Create(ctx, org, tfe.WorkspaceCreateOptions{
		Name:             tfe.String(name),
		TerraformVersion: tfe.String("1.5.7"),
		AutoApply:        tfe.Bool(true),
		TriggerPrefixes:  []string{"/modules"},
		WorkingDirectory: tfe.String("infra"),
	})
	if err != nil {
		report("create", nil, err)
		os.Exit(0)
	}
	report("create", map[string]interface{}{"id": ws.ID, "terraform-version": ws.TerraformVersion, "auto-apply": ws.AutoApply, "working-directory": ws.WorkingDirectory, "trigger-prefixes": ws.TriggerPrefixes}, nil)

	read, err := client.Workspaces.Read(ctx, org, name)
	if err == nil {
		report("read by name", map[string]interface{}{"id": read.ID, "terraform-version": read.TerraformVersion}, nil)
	} else {
		report("read by name", nil, err)
	}
	byID, err := client.Workspaces.ReadByID(ctx, ws.ID)
	if err == nil {
		report("read by ID", map[string]interface{}{"name": byID.Name}, nil)
	} else {
		report("read by ID", nil, err)
	}

	list, err := client.Workspaces.List(ctx, org, tfe.WorkspaceListOptions{Search: tfe.String(name)})
	if err == nil {
		names := []string{}
		for _, item := range list.Items {
			names = append(names, item.Name)
		}
		report("list with search", map[string]interface{}{"names": names, "total": list.Pagination.TotalCount}, nil)
	} else {
		report("list with search", nil, err)
	}

	updated, err := client.Workspaces.Update(ctx, org, name, tfe.WorkspaceUpdateOptions{TerraformVersion: tfe.String("1.6.0"), AutoApply: tfe.Bool(false)})
	if err == nil {
		report("update by name", map[string]interface{}{"terraform-version": updated.TerraformVersion, "auto-apply": updated.AutoApply}, nil)
	} else {
		report("update by name", nil, err)
	}
	updated, err = client.Workspaces.UpdateByID(ctx, ws.ID, tfe.WorkspaceUpdateOptions{WorkingDirectory: tfe.String("stacks")})
	if err == nil {
		report("update by ID", map[string]interface{}{"working-directory": updated.WorkingDirectory, "terraform-version": updated.TerraformVersion}, nil)
	} else {
		report("update by ID", nil, err)
	}

	locked, err := client.Workspaces.Lock(ctx, ws.ID, tfe.WorkspaceLockOptions{Reason: tfe.String("go-tfe test")})
	if err == nil {
		report("lock", map[string]interface{}{"locked": locked.Locked}, nil)
	} else {
		report("lock", nil, err)
	}
	_, err = client.Workspaces.Lock(ctx, ws.ID, tfe.WorkspaceLockOptions{})
	expectError("lock again is refused", err, tfe.ErrWorkspaceLocked)
	unlocked, err := client.Workspaces.Unlock(ctx, ws.ID)
	if err == nil {
		report("unlock", map[string]interface{}{"locked": unlocked.Locked}, nil)
	} else {
		report("unlock", nil, err)
	}
	_, err = client.Workspaces.Unlock(ctx, ws.ID)
	expectError("unlock again is refused", err, tfe.ErrWorkspaceNotLocked)
	if _, err = client.Workspaces.Lock(ctx, ws.ID, tfe.WorkspaceLockOptions{}); err == nil {
		forced, ferr := client.Workspaces.ForceUnlock(ctx, ws.ID)
		if ferr == nil {
			report("force unlock", map[string]interface{}{"locked": forced.Locked}, nil)
		} else {
			report("force unlock", nil, ferr)
		}
	} else {
		report("force unlock", nil, err)
	}

	assigned, err := client.Workspaces.AssignSSHKey(ctx, ws.ID, tfe.WorkspaceAssignSSHKeyOptions{SSHKeyID: tfe.String("sshkey-deploy")})
	if err == nil && assigned.SSHKey != nil {
		report("assign SSH key", map[string]interface{}{"ssh-key": assigned.SSHKey.ID}, nil)
	} else {
		report("assign SSH key", nil, fmt.Errorf("%v (ssh key %v)", err, assigned))
	}
	unassigned, err := client.Workspaces.UnassignSSHKey(ctx, ws.ID)
	if err == nil {
		report("unassign SSH key", map[string]interface{}{"cleared": unassigned.SSHKey == nil}, nil)
	} else {
		report("unassign SSH key", nil, err)
	}

	_, err = client.Workspaces.Create(ctx, org, tfe.WorkspaceCreateOptions{Name: tfe.String(name)})
	report("create a taken name is refused", nil, func() error {
		if err == nil {
			return errors.New("the second create succeeded")
		}
		return nil
	}())

	err = client.Workspaces.Delete(ctx, org, name)
	report("delete by name", nil, err)
	_, err = client.Workspaces.ReadByID(ctx, ws.ID)
	expectError("read after delete", err, tfe.ErrResourceNotFound)

	other, err := client.Workspaces.Create(ctx, org, tfe.WorkspaceCreateOptions{Name: tfe.String(name + "-b")})
	if err == nil {
		err = client.Workspaces.DeleteByID(ctx, other.ID)
	}
	report("delete by ID", nil, err)

	bad := tfe.DefaultConfig()
	bad.Token = "not-a-token"
	badClient, err := tfe.NewClient(bad)
	if err == nil {
		_, err = badClient.Users.ReadCurrent(ctx)
	}
	expectError("wrong token is unauthorized", err, tfe.ErrUnauthorized)
}
