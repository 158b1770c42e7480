#!/usr/bin/env bash
# A Chess960 (or Double Fischer Random) match between two UCI engines, run
# by fastchess if it is installed, else by cutechess-cli.
#
# usage: scripts/match960.sh [options] ENGINE1 [name=N] [option.X=V ...] \
#                                      ENGINE2 [name=N] [option.X=V ...]
# See --help. The last line printed is a one-line result for other scripts:
#   match960: result <name1> vs <name2>: games G wins W losses L draws D score S% elo E
set -euo pipefail

usage() {
    cat <<'EOF'
usage: scripts/match960.sh [options] ENGINE1 [name=N] [option.X=V ...] ENGINE2 [name=N] [option.X=V ...]

ENGINE is a path or a command on PATH; name= and option.X=V after it apply
to that engine only.

options:
  --tc TC               time control, seconds+increment (default 8+0.08)
  --games N             games (default 100; rounded up to pairs: each opening
                        is played twice, colours swapped)
  --concurrency N       games at once (default 1)
  --dfrc                Double Fischer Random openings instead of Chess960
  --openings FILE       EPD opening file (default: made with 'rockad frc', or
                        'rockad dfrc --sample' with --dfrc)
  --sprt ELO0 ELO1      stop early on an SPRT (alpha = beta = 0.05)
  --pgn FILE            save the games (default match960.pgn)
  --option NAME=VALUE   UCI option for both engines (repeatable)
  --tool fastchess|cutechess
                        choose the match runner (default: fastchess if found)
  --check               only check that the match runner can be found, then
                        exit (no engines needed)
  -h, --help            this text

Environment: FASTCHESS / CUTECHESS name the runners' binaries, ROCKAD the
rockad binary used to make opening files (default: target/release/rockad,
then rockad on PATH).

Exit status: 0 when the match was played (or --check found a runner), 1 when
the runner failed or printed no final score, 2 when the match cannot run (a
bad command line, an engine or the runner missing).
EOF
}

die() {
    echo "match960: $*" >&2
    exit 2
}

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_dir=$(dirname "$script_dir")

tc=8+0.08
games=100
concurrency=1
dfrc=0
openings=""
sprt=()
pgn=match960.pgn
both_options=()
tool=""
engines=()
names=()
engine_options=("" "")
check_only=0

# Resolves an engine given as a path or a command name; checks it can run.
resolve_engine() {
    local e=$1 found
    if [[ $e != */* ]] && found=$(command -v -- "$e"); then
        e=$found
    fi
    [[ -e $e ]] || die "engine '$1' not found"
    [[ -f $e && -x $e ]] || die "engine '$1' is not an executable file"
    printf '%s\n' "$e"
}

while (($#)); do
    case $1 in
        -h | --help) usage; exit 0 ;;
        --tc) tc=${2:?--tc needs a value}; shift 2 ;;
        --games) games=${2:?--games needs a value}; shift 2 ;;
        --concurrency) concurrency=${2:?--concurrency needs a value}; shift 2 ;;
        --dfrc) dfrc=1; shift ;;
        --openings) openings=${2:?--openings needs a file}; shift 2 ;;
        --sprt) (($# >= 3)) || die "--sprt needs ELO0 and ELO1"; sprt=("$2" "$3"); shift 3 ;;
        --pgn) pgn=${2:?--pgn needs a file}; shift 2 ;;
        --option) [[ ${2:-} == *=* ]] || die "--option needs NAME=VALUE"; both_options+=("$2"); shift 2 ;;
        --tool) tool=${2:?--tool needs fastchess or cutechess}; shift 2 ;;
        --check) check_only=1; shift ;;
        --*) die "unknown option '$1' (see --help)" ;;
        name=*)
            ((${#engines[@]})) || die "'$1' must follow an engine"
            names[${#engines[@]} - 1]=${1#name=}; shift ;;
        option.*=*)
            ((${#engines[@]})) || die "'$1' must follow an engine"
            i=$((${#engines[@]} - 1))
            engine_options[i]+="${engine_options[i]:+ }$1"; shift ;;
        *)
            ((${#engines[@]} < 2)) || die "more than two engines given"
            engines+=("$(resolve_engine "$1")")
            names+=("$(basename "$1")"); shift ;;
    esac
done

((check_only || ${#engines[@]} == 2)) || { usage >&2; die "give two engines"; }
[[ $games =~ ^[1-9][0-9]*$ ]] || die "--games must be a positive integer"
[[ $concurrency =~ ^[1-9][0-9]*$ ]] || die "--concurrency must be a positive integer"
[[ $tc =~ ^([0-9]+/)?[0-9.]+(\+[0-9.]+)?$ ]] || die "--tc must look like 8+0.08 or 40/60+0.6"
((check_only)) || [[ ${names[0]} != "${names[1]}" ]] || names[1]="${names[1]}-2"
rounds=$(((games + 1) / 2))

# The match runner.
if [[ -z $tool ]]; then
    if [[ -n ${FASTCHESS:-} ]] || command -v fastchess >/dev/null; then
        tool=fastchess
    elif [[ -n ${CUTECHESS:-} ]] || command -v cutechess-cli >/dev/null; then
        tool=cutechess
    fi
fi
case $tool in
    fastchess) runner=${FASTCHESS:-$(command -v fastchess || true)} ;;
    cutechess) runner=${CUTECHESS:-$(command -v cutechess-cli || true)} ;;
    "")
        cat >&2 <<'EOF'
match960: neither fastchess nor cutechess-cli was found. Install one:
  fastchess:     git clone https://github.com/Disservin/fastchess && cd fastchess && make
                 (then put ./fastchess on PATH, or set FASTCHESS=/path/to/fastchess)
  cutechess-cli: build it from https://github.com/cutechess/cutechess
                 (then put cutechess-cli on PATH, or set CUTECHESS=/path/to/cutechess-cli)
EOF
        exit 2 ;;
    *) die "--tool must be fastchess or cutechess" ;;
esac
[[ -n $runner && -x $runner ]] || die "the $tool binary '${runner:-}' is not executable"
if ((check_only)); then
    echo "match960: $tool found at $runner" >&2
    exit 0
fi

tmp_dir=$(mktemp -d)
trap 'rm -rf "$tmp_dir"' EXIT

# Opening file: given, or made by rockad.
if [[ -n $openings ]]; then
    [[ -r $openings ]] || die "cannot read the opening file '$openings'"
else
    rockad=${ROCKAD:-}
    if [[ -z $rockad ]]; then
        if [[ -x $repo_dir/target/release/rockad ]]; then
            rockad=$repo_dir/target/release/rockad
        else
            rockad=$(command -v rockad || true)
        fi
    fi
    [[ -n $rockad && -x $rockad ]] ||
        die "no rockad binary to make openings: run 'cargo build --release', set ROCKAD, or pass --openings"
    openings=$tmp_dir/openings.epd
    if ((dfrc)); then
        "$rockad" dfrc --sample "$rounds" >"$openings"
    else
        "$rockad" frc >"$openings"
    fi
fi

# The runner's command line: both engines with their own settings, then
# the settings they share.
cmd=("${runner}")
add_engine() {
    local i=$1 opts
    read -r -a opts <<<"${engine_options[i]}"
    cmd+=(-engine "cmd=${engines[i]}" "name=${names[i]}" "${opts[@]}")
}
add_engine 0
add_engine 1
each=(tc="$tc")
for o in "${both_options[@]}"; do
    each+=("option.$o")
done
if [[ $tool == fastchess ]]; then
    cmd+=(-each "${each[@]}" -pgnout "file=$pgn")
else
    cmd+=(-each proto=uci "${each[@]}" -pgnout "$pgn")
fi
cmd+=(-variant fischerandom -openings "file=$openings" format=epd order=random
    -repeat -games 2 -rounds "$rounds" -concurrency "$concurrency")
if ((${#sprt[@]})); then
    cmd+=(-sprt "elo0=${sprt[0]}" "elo1=${sprt[1]}" alpha=0.05 beta=0.05)
    # fastchess also takes the Elo model; normalized Elo suits SPRT bounds.
    [[ $tool == cutechess ]] || cmd+=(model=normalized)
fi

echo "match960: ${names[0]} vs ${names[1]}, $((rounds * 2)) games at $tc, $tool, openings $openings" >&2
log=$tmp_dir/match.log
status=0
"${cmd[@]}" 2>&1 | tee "$log" || status=$?

# One summary line from the runner's final score lines:
#   fastchess:     Games: 4, Wins: 1, Losses: 2, Draws: 1, Points: 1.5 (37.50 %)
#   cutechess-cli: Score of A vs B: 1 - 2 - 1  [0.375] 4
read -r w l d < <(
    if [[ $tool == fastchess ]]; then
        sed -n 's/.*Games: [0-9]*, Wins: \([0-9]*\), Losses: \([0-9]*\), Draws: \([0-9]*\).*/\1 \2 \3/p' "$log"
    else
        sed -n 's/^Score of .*: \([0-9]*\) - \([0-9]*\) - \([0-9]*\) .*/\1 \2 \3/p' "$log"
    fi | tail -n 1
) || true
if [[ -z ${w:-} ]]; then
    echo "match960: no final score found in the $tool output (exit status $status)" >&2
    exit 1
fi
awk -v n1="${names[0]}" -v n2="${names[1]}" -v w="$w" -v l="$l" -v d="$d" 'BEGIN {
    g = w + l + d; s = g ? (w + d / 2) / g : 0
    # (adding 0 turns -0 into 0)
    elo = (s > 0 && s < 1) ? sprintf("%+.0f", -400 * log(1 / s - 1) / log(10) + 0) : (s >= 1 ? "+inf" : "-inf")
    if (!g) elo = "n/a"
    printf "match960: result %s vs %s: games %d wins %d losses %d draws %d score %.1f%% elo %s\n",
        n1, n2, g, w, l, d, 100 * s, elo
}'
exit "$status"
