"""The operations commands: migrations, demo data, backup and restore, users, the development stack.

One module per command over a small shared core, imported in one direction only (no circle):

    migrations, sessions, launcher        the core: schema upgrades, one session per command, processes
    seed, backup, users, samples          the commands, each over the core
    devstack                              ``./ops/run``: migrate, seed, launch (over seed and the launcher)
    cli                                   ``./ops/portal``: the argument parser over all of them

The entry points ``python -m app.cli`` and ``python -m app.devstack`` (ops scripts, compose, the
container image) stay where they were and call into this package.
"""
