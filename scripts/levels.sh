#!/usr/bin/env bash
# Measures the difficulty levels of every game's bot with pursuit-arena (round robin, both
# roles where a game has two; one-role games compared by score on the same map and seed) and
# prints the README's levels table (Elo, mean 0, 95 % interval). See docs/arena.md.
#   scripts/levels.sh [GAME...]      default: copsrobbers bank fugitive searchparty
# Env: BIN   programs (default build/native/bin; scripts/build.sh native builds them if missing)
#      OUT   arena output folders, one per game (default build/levels; report.html in each)
#      JOBS  games at once (default: the number of cores)
# A level is named as the site names it (suggest_move's "level"); the command is the native
# bot configured the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
B=${BIN:-$root/build/native/bin}
out=${OUT:-$root/build/levels}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
[ -x "$B/pursuit-arena" ] || bash scripts/build.sh native
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(copsrobbers bank fugitive searchparty)
levels=(best hard medium easy)

# Per game: the arena's options and the bots (level=command).
setup() {
  args=() bots=()
  case $1 in
    copsrobbers)  # 10 maps of the descriptor, 2 cops, 100 rounds
      bots=(best="$B/copsrobbers-bot --level best" hard="$B/copsrobbers-bot --level hard"
            medium="$B/copsrobbers-bot --level medium" easy="$B/copsrobbers-bot --level easy --seed {seed}") ;;
    bank)  # 2 layouts x 10 seeds; parse_level: best = strong, hard, medium = greedy, easy = random
      args=(--seeds 10)
      bots=(best="$B/bank-bot --level best --seed {seed} --layout {layout}"
            hard="$B/bank-bot --level hard --seed {seed} --layout {layout}"
            medium="$B/bank-bot --level medium --seed {seed} --layout {layout}"
            easy="$B/bank-bot --level easy --seed {seed} --layout {layout}") ;;
    fugitive)  # 6 maps x 5 seeds; suggest_move: best = strong, hard = strong at 30 % effort, greedy on 30 % of moves
      args=(--seeds 5)
      bots=(best="$B/fugitive-bot --seed {seed}" hard="$B/fugitive-bot --effort 30 --greedy-percent 30 --seed {seed}"
            medium="$B/fugitive-bot --strategy greedy --seed {seed}" easy="$B/fugitive-bot --strategy random --seed {seed}") ;;
    searchparty)  # all 8 maps of maps/searchparty, by turns (fewer wins; the solver is deterministic)
      # --pipeline game: the site's levels (without it "best" is the whole pipeline, the site's "record").
      args=(--maps-dir "$root/maps/searchparty")
      local sp="$B/searchparty-solver --interactive --pipeline game"
      bots=(best="$sp --level best" hard="$sp --level hard" medium="$sp --level medium" easy="$sp --level easy") ;;
    *) echo "levels.sh: no levels known for '$1'" >&2; return 1 ;;
  esac
}

# "+53 ± 74" for a level from the game's ratings.csv (bot,elo,ci95,...).
cell() {
  local game=$1 level=$2
  awk -F, -v bot="$level" '$1 == bot { e = $2 + 0; printf "%s%d ± %d", (e >= 0 ? "+" : "−"), (e < 0 ? -e : e) + 0.5, $3 + 0.5; found = 1 }
                           END { if (!found) printf "–" }' "$out/$game/ratings.csv"
}

rows=() failed=()
for game in "${games[@]}"; do
  setup "$game"
  bot_args=()
  for b in "${bots[@]}"; do bot_args+=(--bot "$b"); done
  echo "== $game: ${#bots[@]} levels, $out/$game" >&2
  rm -rf "${out:?}/$game"
  mkdir -p "$out"
  start=$(date +%s)
  status=0
  "$B/pursuit-arena" "$game" -j "$jobs" --out "$out/$game" --quiet "${args[@]}" "${bot_args[@]}" | tee "$out/$game.txt" >&2 || status=$?
  # Status 1 with tables written: some games failed (judge error or time-out); measure the others, fail at the end.
  if [ "$status" -eq 1 ] && [ -f "$out/$game/ratings.csv" ]; then failed+=("$game"); elif [ "$status" -ne 0 ]; then exit "$status"; fi
  seconds=$(( $(date +%s) - start ))
  n=$(grep -c . "$out/$game/games.jsonl" || true)
  row="| $game | $n games, ${seconds} s"
  [ "$status" -eq 1 ] && row+=" (some games failed)"
  for level in "${levels[@]}"; do row+=" | $(cell "$game" "$level")"; done
  rows+=("$row |")
done

echo
echo "| game | measured | best | hard | medium | easy |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "levels.sh: some games failed in: ${failed[*]} (see \"Faults and failed games\" in $out/<game>.txt); their rows rate only the games played" >&2
  exit 1
fi
