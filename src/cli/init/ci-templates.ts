// The CI files of a new app (`cdkws init --ci github|gitlab`): a review that plans each change,
// posts the summary and keeps the saved plan as an artifact, and a deploy that applies exactly that
// plan (`cdkws deploy --plan`), with a removal of workspaces applied only with its approval (the
// label `cdkws:approve-destroy`, or an input). examples/ci holds the same files (a test keeps them
// equal), and test/e2e/ci-templates.test.ts runs their steps.

export type CiPlatform = 'github' | 'gitlab';
export const CI_PLATFORMS: readonly CiPlatform[] = ['github', 'gitlab'];

/** Where each platform reads its CI file from, in the app. */
export const CI_FILE: Record<CiPlatform, string> = { github: '.github/workflows/workspaces.yml', gitlab: '.gitlab-ci.yml' };

/** The Node.js that CI runs the app on: a current LTS line that both engines' CLIs support. */
export const CI_NODE_VERSION = '22';

/** Where the review keeps the saved plan, and the deploy finds it. */
const PLAN_DIR = 'cdkws-plan';
const DIFF = `npx cdkws diff --markdown plan.md --markdown-full plan-full.md --json plan.json --save-plan ${PLAN_DIR}`;

/**
 * GitHub Actions: on a pull request, the diff, its summary as one comment (updated on each push,
 * also when the diff fails) and the saved plan and full report as the artifact
 * `cdkws-plan-<head commit>`; on the main branch, the deploy of the merged pull request's artifact.
 */
export function workflowYaml(): string {
  const checkout = '      - uses: actions/checkout@v4';
  const tools = `      - uses: actions/setup-node@v4
        with:
          node-version: ${CI_NODE_VERSION}
          cache: npm
      - uses: hashicorp/setup-terraform@v3
        with:
          terraform_version: "1.11"
          terraform_wrapper: false
      - run: npm ci
      # The app command only transpiles (\`ts-node --transpile-only\`): type errors are caught here.
      - name: Type-check the app
        run: npx tsc --noEmit`;
  return `# Workspaces as code, reviewed in pull requests and deployed from the main branch.
# \`cdkws init\` writes this file as .github/workflows/workspaces.yml; in an app of your own, copy it there.
#
# Needs: the repository variable CDKWS_ADDRESS (e.g. https://workspaces.example.com) and the secret
# CDKWS_TOKEN (a team token that may manage the workspaces). The app's WorkspacesStack must use a
# shared backend (e.g. \`backend: (s) => new S3Backend(s, {...})\`): a runner's local state is lost.
#
# The deploy applies the plan its pull request's review saved, never a new one: what is merged is
# what reviewers read. It refuses, changing nothing, when the state moved since that plan (merge
# the pull requests one at a time, or re-run the review) or when the merged code differs from the
# reviewed head (keep branches up to date before merging). A plan that destroys workspaces is
# applied only with the label cdkws:approve-destroy on the pull request, or when the deploy is run
# by hand (Actions > workspaces > Run workflow) with approve-destroy ticked.
name: workspaces

on:
  pull_request:
  push:
    branches: [main]
  workflow_dispatch:
    inputs:
      approve-destroy:
        description: Apply a reviewed plan that destroys workspaces
        type: boolean
        default: false

# One run per branch at a time: a deploy never races another deploy.
concurrency:
  group: workspaces-\${{ github.ref }}
  cancel-in-progress: false

env:
  CDKWS_ADDRESS: \${{ vars.CDKWS_ADDRESS }}
  CDKWS_TOKEN: \${{ secrets.CDKWS_TOKEN }}
  CHECKPOINT_DISABLE: "1"
  NO_COLOR: "1"

jobs:
  diff:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pull-requests: write
    steps:
${checkout}
${tools}
      - name: cdkws diff
        id: diff
        # Exit 0: no changes, 2: changes (both fine here), 1: error. The summary is written in every
        # case (on error it says which step failed), so it is posted before this job fails. The saved
        # plan (${PLAN_DIR}/) is written only when every stack was planned.
        run: |
          set +e
          ${DIFF}
          code=$?
          set -e
          echo "code=$code" >> "$GITHUB_OUTPUT"
          echo "changes=$([ "$code" -eq 2 ] && echo true || echo false)" >> "$GITHUB_OUTPUT"
      - name: Post the summary on the pull request
        if: always() && hashFiles('plan.md') != ''
        env:
          GITHUB_TOKEN: \${{ github.token }}
          PR: \${{ github.event.pull_request.number }}
        # plan.md is bounded to fit a comment (--max-chars, default 65,000); it names the artifact
        # below when it had to leave detail out. The comment that starts with the marker is updated,
        # so the pull request shows one current summary.
        run: |
          marker='<!-- cdkws summary -->'
          api="$GITHUB_API_URL/repos/$GITHUB_REPOSITORY/issues"
          auth=(-H "Authorization: Bearer $GITHUB_TOKEN" -H "Accept: application/vnd.github+json")
          body=$(jq -Rs --arg marker "$marker" '{body: ($marker + "\\n" + .)}' plan.md)
          comment=$(curl -fsS "\${auth[@]}" "$api/$PR/comments?per_page=100" |
            jq -r --arg marker "$marker" '[.[] | select(.body | startswith($marker))][0].id // empty')
          if [ -n "$comment" ]; then
            curl -fsS -X PATCH "\${auth[@]}" "$api/comments/$comment" -d "$body" > /dev/null
          else
            curl -fsS -X POST "\${auth[@]}" "$api/$PR/comments" -d "$body" > /dev/null
          fi
      - name: Upload the full report
        if: always() && hashFiles('plan-full.md') != ''
        uses: actions/upload-artifact@v4
        with:
          # The deploy of the merged pull request finds the plan by the name of its head commit.
          name: cdkws-plan-\${{ github.event.pull_request.head.sha }}
          path: |
            plan-full.md
            plan.json
            ${PLAN_DIR}/
          include-hidden-files: true
          overwrite: true
      - name: Fail when the diff failed
        if: always() && steps.diff.outputs.code != '0' && steps.diff.outputs.code != '2'
        run: exit 1

  deploy:
    if: github.event_name != 'pull_request' && github.ref == 'refs/heads/main'
    runs-on: ubuntu-latest
    environment: workspaces
    permissions:
      contents: read
      actions: read
      pull-requests: read
    steps:
${checkout}
      - name: Find the reviewed plan
        id: reviewed
        env:
          GITHUB_TOKEN: \${{ github.token }}
        # The pull request merged as this commit: its head's review saved the plan, and its labels
        # may approve a removal. A commit pushed without a pull request has no reviewed plan.
        run: |
          auth=(-H "Authorization: Bearer $GITHUB_TOKEN" -H "Accept: application/vnd.github+json")
          api="$GITHUB_API_URL/repos/$GITHUB_REPOSITORY"
          merged=$(curl -fsS "\${auth[@]}" "$api/commits/$GITHUB_SHA/pulls" | jq '[.[] | select(.merged_at != null)][0] // {}')
          head=$(jq -r ".head.sha // \\"$GITHUB_SHA\\"" <<< "$merged")
          approved=$(jq -r '[.labels[]?.name] | index("cdkws:approve-destroy") != null' <<< "$merged")
          run=$(curl -fsS "\${auth[@]}" "$api/actions/artifacts?name=cdkws-plan-$head&per_page=1" | jq -r '.artifacts[0].workflow_run.id // empty')
          if [ -z "$run" ]; then
            echo "::error::no reviewed plan for commit $head (artifact cdkws-plan-$head): merge changes through a pull request whose workflow ran"
            exit 1
          fi
          { echo "head=$head"; echo "run=$run"; echo "approved=$approved"; } >> "$GITHUB_OUTPUT"
      - name: Download the reviewed plan
        uses: actions/download-artifact@v4
        with:
          name: cdkws-plan-\${{ steps.reviewed.outputs.head }}
          run-id: \${{ steps.reviewed.outputs.run }}
          github-token: \${{ github.token }}
          path: reviewed
${tools}
      - name: cdkws deploy --plan
        env:
          APPROVED_BY_LABEL: \${{ steps.reviewed.outputs.approved }}
          APPROVED_BY_INPUT: \${{ inputs.approve-destroy }}
        run: |
          approve=()
          if [ "$APPROVED_BY_LABEL" = true ] || [ "$APPROVED_BY_INPUT" = true ]; then approve=(--approve-destroy); fi
          npx cdkws deploy --plan reviewed/${PLAN_DIR} --auto-approve "\${approve[@]}"
`;
}

/**
 * GitLab CI: in a merge request pipeline, the plan, its summary as one note (updated on each push)
 * and the saved plan as the job's artifact; on the default branch, the plan of the merged commit
 * (posted on its merge request) and a manual deploy job in a protected environment that applies
 * exactly that plan.
 */
export function gitlabCiYaml(): string {
  return `# Workspaces as code, reviewed in merge requests and deployed from the default branch.
# \`cdkws init --ci gitlab\` writes this file as .gitlab-ci.yml.
#
# Needs CI/CD variables: CDKWS_ADDRESS (e.g. https://workspaces.example.com), CDKWS_TOKEN (masked,
# protected: a team token that may manage the workspaces) and CDKWS_GITLAB_TOKEN (masked: a project
# access token with the api scope, role Reporter or above, to write the merge request note and read
# its labels; the job's own CI_JOB_TOKEN may not write notes). The app's WorkspacesStack must use a
# shared backend (e.g. \`backend: (s) => new S3Backend(s, {...})\`): a runner's local state is lost.
# The image needs Node.js ${CI_NODE_VERSION} and Terraform 1.5 or later (with curl): the default
# below installs Terraform when it is missing.
#
# On the default branch, the plan job plans the merged commit and posts that plan on its merge
# request; the deploy job (manual, in the protected environment "workspaces") applies exactly that
# plan, and refuses, changing nothing, when the state moved since. A plan that destroys workspaces
# is applied only with the label cdkws:approve-destroy on the merge request, or when the deploy job
# is run with the variable CDKWS_APPROVE_DESTROY=true.
image: node:${CI_NODE_VERSION}-bookworm

variables:
  CHECKPOINT_DISABLE: "1"
  NO_COLOR: "1"
  TERRAFORM_VERSION: "1.11.4"

stages: [plan, deploy]

default:
  before_script:
    - |
      if ! command -v terraform > /dev/null; then
        curl -fsSL -o /tmp/terraform.zip "https://releases.hashicorp.com/terraform/\${TERRAFORM_VERSION}/terraform_\${TERRAFORM_VERSION}_linux_amd64.zip"
        (cd /usr/local/bin && unzip -q /tmp/terraform.zip terraform)
      fi
    - npm ci
    # The app command only transpiles (\`ts-node --transpile-only\`): type errors are caught here.
    - npx tsc --noEmit

plan:
  stage: plan
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
  # One plan per branch at a time, in order.
  resource_group: workspaces-plan-$CI_COMMIT_REF_SLUG
  script:
    # Exit 0: no changes, 2: changes, 1: error. The summary is written in every case (on error it
    # says which step failed), so it is posted before this job fails.
    - set +e; ${DIFF}; echo $? > diff-exit-code; set -e
    - |
      api="$CI_API_V4_URL/projects/$CI_PROJECT_ID"
      iid="\${CI_MERGE_REQUEST_IID:-}"
      title="### Plan of the merge request"
      if [ -z "\${CDKWS_GITLAB_TOKEN:-}" ]; then
        echo "CDKWS_GITLAB_TOKEN is not set: the summary is not posted (it is plan.md in this job's artifacts)"
        iid=""
      elif [ -z "$iid" ]; then
        # On the default branch: the merge request merged as this commit gets the plan the deploy job applies.
        iid=$(curl -fsS -H "PRIVATE-TOKEN: $CDKWS_GITLAB_TOKEN" "$api/repository/commits/$CI_COMMIT_SHA/merge_requests" |
          node -e 'const mrs = JSON.parse(require("fs").readFileSync(0, "utf8")); process.stdout.write(String(mrs.find((m) => m.state === "merged")?.iid ?? ""))')
        title="### Plan to deploy (commit $CI_COMMIT_SHORT_SHA): the manual job of pipeline $CI_PIPELINE_URL applies it"
      fi
      if [ -n "$iid" ] && [ -f plan.md ]; then
        marker="<!-- cdkws summary $([ -n "\${CI_MERGE_REQUEST_IID:-}" ] && echo review || echo "deploy $CI_COMMIT_SHA") -->"
        body=$(node -e 'const fs = require("fs"); process.stdout.write(JSON.stringify({ body: process.argv[1] + "\\n" + process.argv[2] + "\\n\\n" + fs.readFileSync("plan.md", "utf8") }))' "$marker" "$title")
        note=$(curl -fsS -H "PRIVATE-TOKEN: $CDKWS_GITLAB_TOKEN" "$api/merge_requests/$iid/notes?per_page=100&sort=desc" |
          node -e 'const notes = JSON.parse(require("fs").readFileSync(0, "utf8")); process.stdout.write(String(notes.find((n) => n.body.startsWith(process.argv[1]))?.id ?? ""))' "$marker")
        if [ -n "$note" ]; then
          curl -fsS -X PUT -H "PRIVATE-TOKEN: $CDKWS_GITLAB_TOKEN" -H "Content-Type: application/json" "$api/merge_requests/$iid/notes/$note" -d "$body" > /dev/null
        else
          curl -fsS -X POST -H "PRIVATE-TOKEN: $CDKWS_GITLAB_TOKEN" -H "Content-Type: application/json" "$api/merge_requests/$iid/notes" -d "$body" > /dev/null
        fi
      fi
    - test "$(cat diff-exit-code)" != 1
  artifacts:
    when: always
    expire_in: 30 days
    paths: [plan.md, plan-full.md, plan.json, ${PLAN_DIR}/]

deploy:
  stage: deploy
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
      when: manual
  needs: [plan]
  # Protect it (Settings > CI/CD > Protected environments) to choose who may deploy.
  environment: workspaces
  resource_group: workspaces
  script:
    - |
      approve=""
      if [ "\${CDKWS_APPROVE_DESTROY:-}" = true ]; then approve=--approve-destroy; fi
      if [ -z "$approve" ] && [ -n "\${CDKWS_GITLAB_TOKEN:-}" ]; then
        # The label cdkws:approve-destroy on the merge request merged as this commit approves a removal.
        approve=$(curl -fsS -H "PRIVATE-TOKEN: $CDKWS_GITLAB_TOKEN" "$CI_API_V4_URL/projects/$CI_PROJECT_ID/repository/commits/$CI_COMMIT_SHA/merge_requests" |
          node -e 'const mrs = JSON.parse(require("fs").readFileSync(0, "utf8")); const mr = mrs.find((m) => m.state === "merged"); process.stdout.write(mr?.labels?.includes("cdkws:approve-destroy") ? "--approve-destroy" : "")')
      fi
      npx cdkws deploy --plan ${PLAN_DIR} --auto-approve $approve
`;
}

/** The CI file of the platform, by its path in the app. */
export function ciFiles(platform: CiPlatform): Record<string, string> {
  return { [CI_FILE[platform]]: platform === 'github' ? workflowYaml() : gitlabCiYaml() };
}
