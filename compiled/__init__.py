"""The engines of `shared/` compiled to C with mypyc, where a compiler is at hand.

The engines are written once, in typed Python, and run as they are anywhere; compiled, the
same source plays two to three times as many games a second, and a bot's strength grows with
the playouts it makes. `./dev` builds them (`compiled.build`) beside the virtual environment,
never beside the sources, and an import hook (`compiled.finder`) loads them only while they
were built from exactly the sources on disk: an edited rule runs as written at once, compiled
again at the next `./dev`. Where nothing can be compiled, or with `TURNPOST_PURE_PYTHON=1`,
everything runs as plain Python.
"""
