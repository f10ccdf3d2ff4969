# The main job's figures, written once: `main_figures DRAW` calls `DRAW NAME ARGS...`
# for each, ARGS being `pqmul plot` options. Sourced by reproduce.sh and
# readme-results.sh (kem-isas is the README figure).
main_figures() {
  local draw=$1
  "$draw" kem-multipliers --kind bars --by multiplier --where compiler=gcc --where vectorize=true --where isa=portable \
    --where "scheme=ml-kem-768|kyber768|saber|ntruhps2048677" \
    --title "KEM operations by multiplier (gcc, portable, auto-vectorised)"
  "$draw" kem-isas --kind bars --by isa --where compiler=gcc --where vectorize=true --where strategy=cached \
    --where "params=" --where "scheme=saber|ml-kem-768" --where "multiplier=toom4-k2|ntt" \
    --title "KEM operations by ISA (gcc, cached strategy)"
  "$draw" kem-compilers --kind bars --by compiler --where vectorize=true --where isa=portable \
    --where "scheme=saber|ml-kem-768" --where "multiplier=toom4-k2|ntt" --title "KEM operations by compiler (portable)"
  "$draw" kem-vectorisation --kind bars --by vectorize --where compiler=gcc --where isa=portable \
    --where "scheme=saber|ml-kem-768" --where "multiplier=toom4-k2|ntt" \
    --title "KEM operations with auto-vectorisation off / on (gcc, portable)"
  "$draw" ring-strategies --kind bars --by strategy --ops matrix-vector --where compiler=gcc --where vectorize=true \
    --where isa=portable --title "Saber matrix-vector products by strategy (gcc, portable)"
  # n varies only within NTRU's rings (Kyber's and Saber's are all n = 256).
  "$draw" ring-scaling --kind scaling --where compiler=gcc --where vectorize=true \
    --where "scheme=ntru-hps2048509|ntru-hps2048677|ntru-hrss701|ntru-hps4096821" \
    --title "NTRU ring multiplication against n (gcc)"
  "$draw" claims --kind claim --title "Claims: the papers' ranges and our ratios"
}
