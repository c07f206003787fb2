#!/usr/bin/env bash
# A minimal mayor: starts one polecat worker on the runtime the operator picked, from
# hal's answers alone (docs/guide-orchestrator.md walks through it).
#
#   mayor.sh PROVIDER WORKSPACE WORK_ITEM
#
# Environment: HAL_BIN (default `hal` on PATH), MAYOR_AUTONOMY (none|edits|full; unset:
# the runtime's default). Needs bash, python3 (to read hal's JSON) and hal.
# Exit status: the worker's; 3 when the runtime is not installed at a verified version;
# 2 for a usage error (ours or hal's).
set -euo pipefail

hal=${HAL_BIN:-hal}
if [ "$#" -ne 3 ]; then
  echo "usage: mayor.sh PROVIDER WORKSPACE WORK_ITEM" >&2
  exit 2
fi
provider=$1 workspace=$2 work_item=$3

# The value at a path of the JSON document on stdin (`json startup hook_file`): a string
# as it is, null as nothing, anything else as JSON; a list one item after another, each
# ended by a NUL (read them with `mapfile -d ''`: an argument may hold newlines).
json() { python3 -c 'import json,sys
v=json.load(sys.stdin)
for key in sys.argv[1:]: v=v[key]
text=lambda x: "" if x is None else x if isinstance(x, str) else json.dumps(x, indent=2)
sys.stdout.write("".join(text(x)+"\0" for x in v) if isinstance(v, list) else text(v))' "$@"; }

# 1. Refuse a runtime that is missing or at a version no live run verified. hal lists
#    what is installed and says why; the mayor shows the operator that and stops.
if ! "$hal" inventory --require-verified "$provider" >&2; then
  echo "mayor: refusing to start a polecat on $provider (see hal's inventory above)" >&2
  exit 3
fi

# 2. How to start it: argv, what to set, what to clear, and the role's startup plan.
args=(launch --json --provider "$provider" --role polecat --mode print --prompt "$work_item")
[ -n "${MAYOR_AUTONOMY:-}" ] && args+=(--autonomy "$MAYOR_AUTONOMY")
plan=$("$hal" "${args[@]}")

# 3. Where the runtime gets its startup context from a hook, install the hook: the plan
#    names the file and its content (a settings fragment, or a plugin's or extension's
#    code); write it where the workspace has none yet (merging into an existing file is
#    the orchestrator's own policy: see the guide).
hook_file=$(json startup hook_file <<<"$plan")
content=$(json startup hook_fragment <<<"$plan")
[ -n "$content" ] || content=$(json startup hook_content <<<"$plan")
if [ -n "$hook_file" ] && [ -z "$content" ]; then
  echo "mayor: hal names $hook_file but not its content; install it yourself" >&2
elif [ -n "$hook_file" ] && [ ! -e "$workspace/$hook_file" ]; then
  mkdir -p "$(dirname "$workspace/$hook_file")"
  printf '%s\n' "$content" >"$workspace/$hook_file"
fi

# 4. Start the worker: clear what the mayor's own runtime set (so the worker is not taken
#    for its parent), set what the plan sets, run the argv in the workspace. Nothing of
#    hal's answer is evaluated by a shell: each value is one argument. `env`'s options
#    (`-u`) end at `--`; the assignments follow it, then the argv (after an assignment,
#    `env` takes the next word as the command, `--` included).
env_args=()
mapfile -d '' unset < <(json env_unset <<<"$plan")
for var in "${unset[@]}"; do env_args+=(-u "$var"); done
env_args+=(--)
set_vars=$(python3 -c 'import json,sys; print(json.dumps([k+"="+v for k,v in sorted(json.load(sys.stdin)["env"].items())]))' <<<"$plan")
mapfile -d '' assignments < <(json <<<"$set_vars")
env_args+=("${assignments[@]}")
mapfile -d '' argv < <(json argv <<<"$plan")
echo "mayor: starting a polecat on $provider: $(json command_line <<<"$plan")" >&2
cd "$workspace"
exec env "${env_args[@]}" "${argv[@]}"
