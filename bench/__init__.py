"""Benchmarks, one module each with a `main()`: `python -m bench` runs them all,
`python -m bench <name> [options]` one of them (`engine`, `service`, ...)."""
