"""Where the games of a run are played: this process, a local process pool, or a Ray cluster.

A run is split into chunks of consecutive game indexes. A task is plain, picklable data with
a `prepare()` that loads and compiles what the games need and returns `run(start, stop)`;
each worker prepares once (a pool initializer, a Ray actor), then plays chunk after chunk.
Chunks come back in order whatever the backend, so the results never depend on it.

A run can be stopped (Ctrl-C, or any KeyboardInterrupt, which the command line also raises on
SIGTERM): pool workers ignore SIGINT, and whatever ends the run — a stop, an error, a caller
that stops reading — ends the workers at once, so none outlives it (each holds the parent's
standard output). What the chunks back by then give is the run's result so far (RunStopped).
"""
from __future__ import annotations

import contextlib
import math
import signal
from collections import deque

BACKENDS = ("local", "ray")
MAX_CHUNK = 100  # games per chunk at most (a chunk's records wait until it is written; a stop loses the chunks in play)
CHUNKS_PER_WORKER = 50  # enough chunks for an even load and a progress bar that moves


STOPS = {signal.SIGINT, signal.SIGTERM}


class RunStopped(KeyboardInterrupt):
    """A run stopped before its end: `partial` is what the games played by then give (the
    first `played` of `planned`, in order)."""

    def __init__(self, partial, played: int, planned: int):
        super().__init__(f"stopped after {played} of {planned} games")
        self.partial, self.played, self.planned = partial, played, planned


def chunks(games: int, workers: int) -> list:
    """`(start, stop)` ranges covering games 0..games-1."""
    size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def run_chunks(task, games: int, workers: int | None = None, backend: str = "local",
               address: str | None = None):
    """Yield `(games played, result)` for each chunk of the run, in order.

    `workers`: processes (local) or actors (Ray); None means one locally, every CPU on Ray.
    """
    if backend == "ray":  # one actor per CPU at most: an actor without a CPU would never start
        cpus = _ray_cpus(address)
        workers = min(workers or cpus, cpus)
        bounds = chunks(games, workers)
        results = _in_ray(task, bounds, workers, address)
    else:
        workers = workers or 1
        bounds = chunks(games, workers)
        results = _in_pool(task, bounds, workers) if workers > 1 and len(bounds) > 1 else _here(task, bounds)
    for (start, stop), result in zip(bounds, results):
        yield stop - start, result


def _here(task, bounds: list):
    run = task.prepare()
    for start, stop in bounds:
        yield run(start, stop)


_prepared = None  # in a pool worker: what the task prepared, once per process


def _prepare(task) -> None:
    """A pool worker's start: ignore Ctrl-C (the parent ends the workers), die at once on SIGTERM
    (not as the parent's handler says), then load what the task needs."""
    global _prepared
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
    _prepared = task.prepare()


def _run_prepared(start: int, stop: int):
    return _prepared(start, stop)


@contextlib.contextmanager
def _stops_held():
    """Ctrl-C and SIGTERM held back (not lost) while inside: workers forked here start with them
    held until they ignore Ctrl-C, and the pool's end is never cut short."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)


def _in_pool(task, bounds: list, workers: int):
    from concurrent.futures import ProcessPoolExecutor
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_prepare, initargs=(task,))
    finished = False
    try:
        # a few chunks ahead of the one being read: workers stay busy, results wait in order
        waiting, ahead = deque(), iter(bounds)
        with _stops_held():  # the workers are forked at the first submit
            for start, stop in ahead:
                waiting.append(pool.submit(_run_prepared, start, stop))
                if len(waiting) >= 2 * workers:
                    break
        while waiting:
            result = waiting.popleft().result()
            following = next(ahead, None)
            if following is not None:
                waiting.append(pool.submit(_run_prepared, *following))
            yield result
        finished = True
    finally:
        with _stops_held():
            if not finished:
                for worker in list(pool._processes.values()):  # no public way before Python 3.14
                    worker.kill()
            pool.shutdown(wait=True, cancel_futures=True)


class _Worker:
    """A Ray actor: prepares the task once, then plays the chunks it is given."""

    def __init__(self, task):
        self.prepared = task.prepare()

    def run(self, start: int, stop: int):
        """Play one chunk."""
        return self.prepared(start, stop)


def _connect(address: str | None):
    """Join Ray (without an address: the cluster of a Ray job, or a new local one); True when
    this call started it."""
    import ray
    if ray.is_initialized():
        return False
    ray.init(address=address, log_to_driver=False, include_dashboard=False, logging_level="WARNING")
    return True


def _ray_cpus(address: str | None) -> int:
    import ray
    _connect(address)
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _in_ray(task, bounds: list, workers: int, address: str | None):
    import ray
    from ray.util import ActorPool
    _connect(address)
    actors = [ray.remote(_Worker).remote(task) for _ in range(min(workers, len(bounds)))]
    try:
        yield from ActorPool(actors).map(lambda actor, chunk: actor.run.remote(*chunk), bounds)
    finally:
        for actor in actors:
            ray.kill(actor)
