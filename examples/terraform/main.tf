# The platform team's workspaces in plain Terraform: the same as examples/platform (the cdktf app).
#
#   eval "$(npx cdkws provider install)"     # the provider, offline, for terraform init
#   export CDKWS_ADDRESS=http://127.0.0.1:PORT CDKWS_TOKEN=...
#   terraform init && terraform plan
#
# The token never appears here: the provider reads CDKWS_TOKEN (or TFE_TOKEN, or the Terraform
# credentials file for the address's host).

terraform {
  required_version = ">= 1.5"
  required_providers {
    cdkws = {
      source = "cdk-workspaces/cdkws"
    }
  }
}

provider "cdkws" {
  organization = var.organization
}

variable "organization" {
  type    = string
  default = "acme"
}

locals {
  # Workspaces by name: the settings that differ, and their key-value tags.
  workspaces = {
    "networking-prod" = {
      description    = "VPCs, subnets and DNS for production"
      execution_mode = "remote"
      auto_apply     = true
      tag_names      = ["prod", "networking"]
      tags           = { team = "networking", env = "prod" }
    }
    "networking-staging" = {
      description    = "VPCs, subnets and DNS for staging"
      execution_mode = "remote"
      auto_apply     = false
      tag_names      = ["staging", "networking"]
      tags           = { team = "networking", env = "staging" }
    }
    "payments-api-prod" = {
      description    = "Payments API, production"
      execution_mode = "remote"
      auto_apply     = false
      tag_names      = ["prod", "payments"]
      tags           = { team = "payments", env = "prod", "data-class" = "pci" }
    }
    "payments-api-staging" = {
      description    = "Payments API, staging"
      execution_mode = "local"
      auto_apply     = false
      tag_names      = ["staging", "payments"]
      tags           = { team = "payments", env = "staging" }
    }
  }
  # One tag binding per workspace and key, so bindings owned elsewhere (cost-center) coexist.
  tag_bindings = merge([
    for name, ws in local.workspaces : { for key, value in ws.tags : "${name}/${key}" => { workspace = name, key = key, value = value } }
  ]...)
}

resource "cdkws_workspace" "team" {
  for_each       = local.workspaces
  name           = each.key
  description    = each.value.description
  execution_mode = each.value.execution_mode
  auto_apply     = each.value.auto_apply
  tag_names      = each.value.tag_names

  dynamic "vcs_repo" {
    for_each = each.key == "networking-prod" ? [1] : []
    content {
      identifier     = "acme/networking"
      oauth_token_id = "ot-github"
      branch         = "main"
    }
  }
}

# The data team's workspace runs on its agents and may be force deleted (scratch state only).
resource "cdkws_workspace" "data_warehouse" {
  name           = "data-warehouse"
  description    = "Warehouse loaders, run on the data team agents"
  execution_mode = "agent"
  agent_pool_id  = "apool-main"
  tag_names      = ["prod", "data"]
  force_delete   = true
}

resource "cdkws_tag_binding" "team" {
  for_each     = local.tag_bindings
  workspace_id = cdkws_workspace.team[each.value.workspace].id
  key          = each.value.key
  value        = each.value.value
}

resource "cdkws_tag_binding" "data_warehouse" {
  for_each     = { team = "data", env = "prod" }
  workspace_id = cdkws_workspace.data_warehouse.id
  key          = each.key
  value        = each.value
}

resource "cdkws_tag_binding" "networking_prod_cost_center" {
  workspace_id = cdkws_workspace.team["networking-prod"].id
  key          = "cost-center"
  value        = "42"
}

# Only these workspaces may read the production network's state.
resource "cdkws_remote_state_consumers" "networking_prod" {
  workspace_id = cdkws_workspace.team["networking-prod"].id
  consumer_ids = [cdkws_workspace.team["payments-api-prod"].id, cdkws_workspace.data_warehouse.id]
}

resource "cdkws_remote_state_consumers" "networking_staging" {
  workspace_id = cdkws_workspace.team["networking-staging"].id
  consumer_ids = [cdkws_workspace.team["payments-api-staging"].id]
}

resource "cdkws_change_request" "engine_upgrade" {
  workspace_ids = [
    cdkws_workspace.team["networking-prod"].id,
    cdkws_workspace.team["payments-api-prod"].id,
    cdkws_workspace.data_warehouse.id,
  ]
  subject = "Upgrade the engine to 1.11"
  message = "Production workspaces move to engine **1.11** this quarter. See the platform runbook."
}

output "workspace_ids" {
  description = "Workspace IDs by name."
  value       = merge({ for name, ws in cdkws_workspace.team : name => ws.id }, { (cdkws_workspace.data_warehouse.name) = cdkws_workspace.data_warehouse.id })
}
