# Developer targets. The README's quick start needs none of them (./scripts/run, ./scripts/test).
.PHONY: build test run bench bench-archive bench-search bench-server bench-scale lint format install screenshots docs clean

build:
	swift build

test:
	./scripts/test

run:
	./scripts/run

# Same-process benchmarks (release build): our diff against CollectionDifference, render rate;
# then the importers side by side with chat-miner and slack-export-viewer (scripts/bench-importers).
bench:
	swift run -c release ParleyBenchmarks
	./scripts/bench-importers

# Whole archives: `parley render` (release) on generated Discord, Telegram, Slack and WhatsApp exports of
# SIZES messages (default "100k 1m"; inputs in BENCH_WORK, default $TMPDIR/parley-bench), against the
# peers' recorded times and (PEERS_LIVE, default "whatsapp telegram") beside the same peers run here,
# then the update of the Discord archive with a newer export (scripts/bench-archive).
bench-archive:
	./scripts/bench-archive

# The archive's search index on a generated 1M-message Discord export (SIZE to change): index ÷
# text, bytes a query loads, time to first results in headless Chromium from file:// (scripts/bench-search).
bench-search:
	./scripts/bench-search

lint:
	swift format lint --strict --recursive Sources Tests Benchmarks

format:
	swift format --in-place --recursive Sources Tests Benchmarks

install:
	./scripts/install $(PREFIX)

# Load benchmark of `parley serve`: 100, 1,000 and 5,000 SSE viewers on loopback, 50 batches/s;
# then ingest (scripts/bench-ingest): POSTed events, committed and delivered to 1,000 viewers.
bench-server:
	./scripts/bench-server
	./scripts/bench-ingest

# Scale-out (scripts/bench-scale): the same ingest load on one server on SQLite, one on PostgreSQL
# and two sharing one PostgreSQL database (pg_virtualenv), 1,000 viewers spread over the servers.
bench-scale:
	./scripts/bench-scale

# ParleyDiffing's DocC archive, built offline with the toolchain's docc (.build/docs/ParleyDiffing.doccarchive);
# fails on any DocC warning.
docs:
	./scripts/docs

# Headless Chromium pictures of rendered pages: the README's into docs/screenshots/ (from the sample and
# the fixtures), the shared corpus's into ./screenshots (scripts/screenshots).
screenshots:
	./scripts/screenshots

clean:
	rm -rf .build archive screenshots
