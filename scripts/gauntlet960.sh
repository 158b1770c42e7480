#!/usr/bin/env bash
# Rockad against the engines Debian packages, in Chess960: Stockfish held to
# one or more UCI_Elo levels, Glaurung and Fairy-Stockfish. Each match is a
# scripts/match960.sh run; a table of the results ends the output.
#
# usage: scripts/gauntlet960.sh [options] [ROCKAD]   (see --help)
set -euo pipefail

usage() {
    cat <<'EOF'
usage: scripts/gauntlet960.sh [options] [ROCKAD]

ROCKAD is the engine under test (default: $ROCKAD, else target/release/rockad).
Opponents are looked up on PATH and in /usr/games; missing ones are skipped
(install them with: sudo apt-get install stockfish glaurung fairy-stockfish).

options:
  --opponents "..."     which of stockfish, glaurung, fairy-stockfish to play
                        (default: all three)
  --elo "E1 E2 ..."     Stockfish UCI_Elo levels (default "1800 2400")
  --games N             games per opponent (default 100)
  --tc TC               time control (default 8+0.08)
  --concurrency N       games at once (default 1)
  --dfrc                Double Fischer Random openings
  --openings FILE       EPD opening file for every match
  --option NAME=VALUE   UCI option for both engines (repeatable)
  --tool fastchess|cutechess
                        match runner (default: fastchess if found)
  --pgn-dir DIR         where the games go (default gauntlet960/)
  -h, --help            this text

Environment: ROCKAD (the engine under test), FASTCHESS / CUTECHESS (the match
runners' binaries; see scripts/match960.sh --help).

Exit status: 0 when every match was played, 1 when one or more failed (the
table says which), 2 when the gauntlet cannot run (a bad command line, no
rockad binary, no opponent or no match runner); it stops before the first
match in that case.
EOF
}

die() {
    echo "gauntlet960: $*" >&2
    exit 2
}

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_dir=$(dirname "$script_dir")

elos="1800 2400"
wanted="stockfish glaurung fairy-stockfish"
games=100
pgn_dir=gauntlet960
pass=()
rockad=${ROCKAD:-$repo_dir/target/release/rockad}

while (($#)); do
    case $1 in
        -h | --help) usage; exit 0 ;;
        --elo) elos=${2:?--elo needs a value}; shift 2 ;;
        --opponents) wanted=${2:?--opponents needs a value}; shift 2 ;;
        --games) games=${2:?--games needs a value}; shift 2 ;;
        --pgn-dir) pgn_dir=${2:?--pgn-dir needs a value}; shift 2 ;;
        --tc | --concurrency | --openings | --option | --tool)
            (($# >= 2)) || die "$1 needs a value"
            pass+=("$1" "$2"); shift 2 ;;
        --dfrc) pass+=("$1"); shift ;;
        --*) die "unknown option '$1' (see --help)" ;;
        *) rockad=$1; shift ;;
    esac
done
[[ -x $rockad ]] || die "no rockad binary at '$rockad': run 'cargo build --release' or pass its path"
[[ $elos =~ ^[0-9\ ]+$ ]] || die "--elo takes numbers, e.g. \"1800 2400\""
for name in $wanted; do
    case $name in
        stockfish | glaurung | fairy-stockfish) ;;
        *) die "unknown opponent '$name' (stockfish, glaurung, fairy-stockfish)" ;;
    esac
done
export ROCKAD=${ROCKAD:-$rockad}

# An engine on PATH or in /usr/games (where Debian puts them).
find_engine() {
    command -v "$1" 2>/dev/null || { [[ -x /usr/games/$1 ]] && echo "/usr/games/$1"; } || true
}

# Opponents: "label|path|per-engine arguments".
opponents=()
missing=()
for name in $wanted; do
    path=$(find_engine "$name")
    if [[ -z $path ]]; then
        missing+=("$name")
        continue
    fi
    case $name in
        stockfish)
            for elo in $elos; do
                opponents+=("Stockfish-$elo|$path|option.UCI_LimitStrength=true option.UCI_Elo=$elo")
            done ;;
        glaurung) opponents+=("Glaurung|$path|") ;;
        *) opponents+=("Fairy-Stockfish|$path|") ;;
    esac
done
if ((${#missing[@]})); then
    echo "gauntlet960: skipping ${missing[*]}: not found (sudo apt-get install stockfish glaurung fairy-stockfish)" >&2
fi
((${#opponents[@]})) || die "no opponent found; install them with: sudo apt-get install stockfish glaurung fairy-stockfish"

# One clear message, before any match, when no runner can play them.
tool_args=()
for ((i = 0; i < ${#pass[@]}; i++)); do
    [[ ${pass[i]} == --tool ]] && tool_args=(--tool "${pass[i + 1]}")
done
"$script_dir/match960.sh" --check "${tool_args[@]}" || exit 2

mkdir -p "$pgn_dir"
results=()
failed=0
for entry in "${opponents[@]}"; do
    IFS='|' read -r label path extra <<<"$entry"
    read -r -a extra_args <<<"$extra"
    echo "gauntlet960: Rockad vs $label" >&2
    out=$(mktemp)
    status=0
    "$script_dir/match960.sh" --games "$games" --pgn "$pgn_dir/$label.pgn" "${pass[@]}" \
        "$rockad" name=Rockad "$path" "name=$label" "${extra_args[@]}" | tee "$out" || status=$?
    line=$(grep '^match960: result ' "$out" | tail -n 1 || true)
    rm -f "$out"
    if [[ -n $line ]]; then
        # match960: result A vs B: games G wins W losses L draws D score S% elo E
        read -r -a f <<<"${line#*: result * vs *: }"
        results+=("$label ${f[1]} ${f[3]} ${f[5]} ${f[7]} ${f[9]} ${f[11]}")
    else
        results+=("$label - - - - failed(exit-$status) -")
        failed=$((failed + 1))
        # Exit 2: the match cannot run at all; the next ones would not either.
        ((status != 2)) || die "the match against $label could not run (see above)"
    fi
done

echo
echo "Rockad gauntlet (scores from Rockad's side):"
printf '%-18s %6s %5s %7s %6s %8s %6s\n' opponent games wins losses draws score elo
for r in "${results[@]}"; do
    read -r -a f <<<"$r"
    printf '%-18s %6s %5s %7s %6s %8s %6s\n' "${f[@]}"
done
if ((failed)); then
    echo "gauntlet960: $failed of ${#opponents[@]} matches failed" >&2
    exit 1
fi
