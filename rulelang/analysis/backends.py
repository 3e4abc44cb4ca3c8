"""Where the games of a run are played: this process, a local process pool, or a Ray cluster.

A run is split into chunks of consecutive game indexes. A task is plain, picklable data with
a `prepare()` that loads and compiles what the games need and returns `run(start, stop)`;
each worker prepares once (a pool initializer, a Ray actor), then plays chunk after chunk.
Chunks come back in order whatever the backend, so the results never depend on it.
"""
from __future__ import annotations

import math
from collections import deque

BACKENDS = ("local", "ray")
MAX_CHUNK = 500  # games per chunk at most (a chunk's records are held until it is written)
CHUNKS_PER_WORKER = 50  # enough chunks for an even load and a progress bar that moves


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
    global _prepared
    _prepared = task.prepare()


def _run_prepared(start: int, stop: int):
    return _prepared(start, stop)


def _in_pool(task, bounds: list, workers: int):
    from concurrent.futures import ProcessPoolExecutor
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_prepare, initargs=(task,))
    try:
        # a few chunks ahead of the one being read: workers stay busy, results wait in order
        waiting, ahead = deque(), iter(bounds)
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
    finally:
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
