package dev.modelsphere.swiss.server.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.router.Endpoint;
import io.javalin.router.HandlerWrapper;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs each route that declares a {@link Deadline} on its group's {@link WorkerPool}, off the
 * request thread. When the pool is full the client is told at once (503 with {@code Retry-After})
 * rather than queued without end. When the deadline passes the client gets 503 and the work is
 * interrupted: a render, a diff or a wait for the cluster that nobody waits for any more must not
 * go on holding a thread and memory. Work that must outlive its request (the cluster-changing half
 * of a deploy) runs detached on a pool of its own and is not touched.
 */
public final class DeadlineWrapper implements HandlerWrapper {
  /** Javalin wraps the endpoint again on every request: what is built here is built per request. */
  @Override
  public Handler wrap(Endpoint endpoint) {
    Deadline deadline = endpoint.metadata(Deadline.class);
    WorkerPool pool = endpoint.metadata(WorkerPool.class);
    if (deadline == null || pool == null) {
      return endpoint.handler;
    }
    return ctx -> ctx.future(() -> start(ctx, endpoint, deadline, pool));
  }

  /** Called once the request is asynchronous, so the work may answer from its own thread. */
  private static CompletableFuture<?> start(
      Context ctx, Endpoint endpoint, Deadline deadline, WorkerPool pool) {
    // The deadline below ends the request; Jetty's own async timeout would race it.
    ctx.req().getAsyncContext().setTimeout(0);
    CompletableFuture<Void> done = new CompletableFuture<>();
    Optional<Future<?>> work = pool.offer(() -> run(ctx, endpoint.handler, done));
    if (work.isEmpty()) {
      ctx.header("Retry-After", Integer.toString(WorkerPool.RETRY_AFTER_SECONDS));
      Json.error(ctx, 503, pool.busyMessage());
      return CompletableFuture.completedFuture(null);
    }
    return done.orTimeout(deadline.budget().toMillis(), TimeUnit.MILLISECONDS)
        .exceptionally(
            failure -> {
              Throwable cause = failure instanceof CompletionException c ? c.getCause() : failure;
              if (!(cause instanceof TimeoutException)) {
                throw failure instanceof CompletionException c ? c : new CompletionException(cause);
              }
              work.get().cancel(true);
              Json.error(ctx, 503, lateMessage(endpoint, deadline));
              return null;
            });
  }

  private static void run(Context ctx, Handler handler, CompletableFuture<Void> done) {
    try {
      handler.handle(ctx);
      done.complete(null);
    } catch (Throwable failure) {
      // Past the deadline this is the interruption's own failure, and nobody reads it.
      done.completeExceptionally(failure);
    }
  }

  private static String lateMessage(Endpoint endpoint, Deadline deadline) {
    return ("%s %s did not finish within %s and was stopped; the cluster or a backend is slow --"
            + " try again")
        .formatted(endpoint.method, endpoint.path, deadline);
  }
}
