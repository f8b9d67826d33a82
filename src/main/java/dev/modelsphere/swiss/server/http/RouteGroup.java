package dev.modelsphere.swiss.server.http;

/** A set of routes about one subject (sessions, runs, health, ...), registered together. */
public interface RouteGroup {
  void register(Routes routes);
}
