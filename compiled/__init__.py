"""The engines of `shared/` compiled to C with mypyc, where a compiler is at hand.

The engines are written once, in typed Python, and run as they are anywhere; compiled, the
same source plays two to three times as many games a second, and a bot's strength grows with
the playouts it makes. `./dev` builds them (`compiled.build`) beside the virtual environment,
never beside the sources: `./dev test`, `bench` and `lint` wait for the build, `./dev serve`
starts the service at once on the engines from source and compiles beside it at low priority,
for the next start (or a worker process started after the build) to load. An import hook
(`compiled.finder`) loads a build only while it was built from exactly the sources on disk,
and each process decides once, at its first import of the engines: an edited rule runs as
written at once, compiled again at the next `./dev`. Where nothing can be compiled, or with
`TURNPOST_PURE_PYTHON=1`, everything runs as plain Python.
"""
