# Developer targets. The README's quick start needs none of them (./scripts/run, ./scripts/test).
.PHONY: build test run bench lint format install screenshots docs clean

build:
	swift build

test:
	./scripts/test

run:
	./scripts/run

# Same-process benchmarks (release build): our diff against CollectionDifference, render rate.
bench:
	swift run -c release ParleyBenchmarks

lint:
	swift format lint --strict --recursive Sources Tests Benchmarks

format:
	swift format --in-place --recursive Sources Tests Benchmarks

install:
	./scripts/install $(PREFIX)

# Headless Chromium screenshots of the sample archive into ./screenshots.
screenshots:
	./scripts/screenshots

clean:
	rm -rf .build archive screenshots
