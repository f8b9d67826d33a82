package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.store.Run;
import dev.modelsphere.swiss.store.RunFilter;
import dev.modelsphere.swiss.store.Store;
import io.javalin.http.Context;
import java.util.List;
import java.util.Optional;

/**
 * The audit log: {@code GET /api/runs} (filtered, newest first, without output) and {@code GET
 * /api/runs/{id}} (one run with its output). A server without a database (no {@code allowDeploy})
 * lists nothing and says so.
 */
public final class RunRoutes implements RouteGroup {
  static final int DEFAULT_LIMIT = 100;
  static final int MAX_LIMIT = 500;

  private final Optional<Store> store;

  public RunRoutes(Optional<Store> store) {
    this.store = store;
  }

  @Override
  public void register(Routes routes) {
    routes.get("/api/runs", Deadline.QUICK_READ, this::list);
    routes.get("/api/runs/{id}", Deadline.QUICK_READ, this::one);
  }

  private void list(Context ctx) {
    if (store.isEmpty()) {
      Json.ok(ctx, new ReadAnswers.Runs(List.of(), false));
      return;
    }
    RunFilter filter =
        new RunFilter(
            ctx.queryParam("namespace"),
            ctx.queryParam("release"),
            ctx.queryParam("action"),
            limit(ctx.queryParam("limit")));
    Json.ok(ctx, new ReadAnswers.Runs(store.get().runs(filter), true));
  }

  private void one(Context ctx) {
    Store database =
        store.orElseThrow(
            () ->
                new ApiException(
                    503,
                    "no database: this server keeps no operation log -- set server.allowDeploy"));
    long id = id(ctx.pathParam("id"));
    Run run = database.run(id).orElseThrow(() -> new ApiException(404, "no run %d".formatted(id)));
    Json.ok(ctx, run);
  }

  /** Out of range or unreadable means the default, as the reference treats it. */
  static int limit(String text) {
    int limit;
    try {
      limit = text == null ? 0 : Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      limit = 0;
    }
    return limit <= 0 || limit > MAX_LIMIT ? DEFAULT_LIMIT : limit;
  }

  private static long id(String text) {
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new ApiException(400, "run id must be a number, not \"%s\"".formatted(text));
    }
  }
}
