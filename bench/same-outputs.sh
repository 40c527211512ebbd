#!/usr/bin/env bash
# Runs two pbnfmt binaries over the same inputs and says where their outputs differ: standard
# output, standard error (with each binary's own path taken out) and the exit status of every
# command that reads games (check in every format, export, resolve, nag, fix, dedup, convert to
# every format, fingerprint, show, stats in every format, rotate, renumber, select, set-tag), on
# every file of corpus/, ../shared/corpus/real and
# ../shared/corpus/lin, and `check` and `export` at -j1, -j2 and -j8 on whole folders.
# For a change that must not change behaviour (issue 42): `bench/same-outputs.sh OLD NEW`.
# Prints the number of runs and of differences; exits 1 when any differ.
set -uo pipefail
cd "$(dirname "$0")/.."

old=${1:?usage: bench/same-outputs.sh OLD-BINARY NEW-BINARY}
new=${2:?usage: bench/same-outputs.sh OLD-BINARY NEW-BINARY}
shared=${PBNFMT_SHARED:-../shared}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runs=0
differences=0

# One command, both binaries, in a scratch copy each (commands that write get their own files).
compare() {
    local what=$1
    shift
    local side
    for side in old new; do
        local binary=${!side}
        (
            cd "$work/$side" || exit 2
            "$binary" "$@" >"$work/$side.out" 2>"$work/$side.err"
            echo $? >"$work/$side.status"
        )
        sed -i "s#$binary#pbnfmt#g" "$work/$side.err"
    done
    runs=$((runs + 1))
    local part
    for part in out err status; do
        if ! cmp -s "$work/old.$part" "$work/new.$part"; then
            differences=$((differences + 1))
            echo "differs ($part): $what: $*"
            break
        fi
    done
}

# The inputs, copied under both scratch folders so that relative names are the same.
mkdir -p "$work/old" "$work/new"
for side in old new; do
    cp -r corpus "$work/$side/corpus"
    [ -d "$shared/corpus/real" ] && cp -r "$shared/corpus/real" "$work/$side/real"
    [ -d "$shared/corpus/lin" ] && cp -r "$shared/corpus/lin" "$work/$side/lin"
done
files=$(cd "$work/old" && find corpus real lin -type f \( -name '*.pbn' -o -name '*.lin' \) 2>/dev/null | sort)

for file in $files; do
    for format in full concise json github sarif; do
        compare check check --output-format "$format" --extend-select ALL "$file"
    done
    compare check check -q "$file"
    compare export export "$file"
    compare resolve resolve "$file"
    compare compress resolve --compress "$file"
    compare nag nag "$file"
    compare fix fix "$file"
    compare dedup dedup "$file"
    for to in pbn lin jsonl csv; do
        compare convert convert --to "$to" "$file"
    done
    compare fingerprint fingerprint "$file"
    compare show show "$file"
    compare show show --play --ascii "$file"
    for format in table json csv; do
        compare stats stats --output-format "$format" "$file"
    done
    compare rotate rotate --by 1 "$file"
    compare renumber renumber --from 101 "$file"
    compare select select --boards 1-3 "$file"
    compare set-tag set-tag --set Event=Same "$file"
done
for jobs in 1 2 8; do
    for folder in corpus real lin; do
        [ -d "$work/old/$folder" ] || continue
        compare check check -j "$jobs" --output-format concise --extend-select ALL "$folder"
        compare export export -j "$jobs" --check "$folder"
        compare fingerprint fingerprint -j "$jobs" "$folder"
    done
done
echo "$runs runs, $differences differ"
[ "$differences" -eq 0 ]
