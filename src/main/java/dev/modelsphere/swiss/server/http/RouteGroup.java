package dev.modelsphere.swiss.server.http;

/**
 * A set of routes about one subject (sessions, runs, health, ...), registered together. Its routes
 * with a deadline run on a pool of its own ({@link WorkerPool}), so one busy group cannot take the
 * threads of another.
 */
public interface RouteGroup {
  void register(Routes routes);

  /** How much of this group's work runs and waits at once. */
  default WorkerPool.Size workers() {
    return WorkerPool.Size.DEFAULT;
  }
}
