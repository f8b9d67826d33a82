package dev.modelsphere.swiss.server.http;

import dev.modelsphere.swiss.error.DomainException;
import dev.modelsphere.swiss.error.ErrorReason;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every failure answered as {@code {"error": "..."}}, with a {@code reason} when a client can act
 * on the refusal by itself ({@link ErrorReason}): an {@link ApiException} with its status, a domain
 * failure with its kind's ({@link ErrorStatus}), Javalin's own refusals (an oversized body) with
 * theirs, anything unexpected as 500 {@code internal error} with the details in the log only, a
 * path no route serves as 404, and a path served only with other methods as 405 with {@code Allow}.
 */
public final class ErrorReplies {
  static final String INTERNAL = "internal error";
  static final String NO_SUCH_ENDPOINT = "no such endpoint";

  private static final Logger LOG = LoggerFactory.getLogger(ErrorReplies.class);

  private ErrorReplies() {}

  /** A refusal a client acts on by itself: the message, and the {@link ErrorReason} it names. */
  record Reasoned(String error, String reason) {}

  /**
   * @param known the paths routes serve: a request for one with another method is 405
   */
  public static void install(JavalinConfig config, KnownPaths known) {
    config.routes.exception(
        ApiException.class, (e, ctx) -> answer(ctx, e.status(), e.getMessage(), e.getCause()));
    config.routes.exception(
        DomainException.class,
        (e, ctx) -> {
          if (e.reason() != ErrorReason.NONE) {
            Json.reply(
                ctx, ErrorStatus.of(e.kind()), new Reasoned(e.getMessage(), e.reason().wire()));
            return;
          }
          answer(ctx, ErrorStatus.of(e.kind()), e.getMessage(), e.getCause());
        });
    config.routes.exception(
        HttpResponseException.class,
        (e, ctx) -> {
          // Javalin's own 404 is "no route for this method and path"; a route's own 404 is an
          // ApiException.
          if (e.getStatus() != 404) {
            Json.error(ctx, e.getStatus(), e.getMessage());
            return;
          }
          Set<String> allowed = known.allowed(ctx.path());
          if (allowed.isEmpty()) {
            Json.error(ctx, 404, NO_SUCH_ENDPOINT);
            return;
          }
          methodNotAllowed(ctx, allowed);
        });
    config.routes.exception(
        Exception.class,
        (e, ctx) -> {
          LOG.error("{} {} failed", ctx.method(), ctx.path(), e);
          Json.error(ctx, 500, INTERNAL);
        });
    config.router.javaLangErrorHandler(
        (response, error) -> {
          LOG.error("request failed", error);
          writeInternalError(response);
        });
  }

  /** 405 with {@code Allow}, as Go's mux answers a known path asked with another method. */
  static void methodNotAllowed(Context ctx, Set<String> allowed) {
    String methods = String.join(", ", allowed);
    ctx.header("Allow", methods);
    Json.error(
        ctx,
        405,
        "%s is not served for %s: use %s".formatted(ctx.method().name(), ctx.path(), methods));
  }

  /** The message goes to the client; a cause, which may hold internals, only to the log. */
  private static void answer(Context ctx, int status, String message, Throwable cause) {
    if (cause != null && status >= 500) {
      LOG.warn("{} {} answered {}: {}", ctx.method(), ctx.path(), status, message, cause);
    }
    Json.error(ctx, status, message);
  }

  private static void writeInternalError(HttpServletResponse response) {
    if (response.isCommitted()) {
      return;
    }
    try {
      response.setStatus(500);
      response.setContentType(Json.CONTENT_TYPE);
      response.getWriter().write(Json.text(Map.of("error", INTERNAL)));
    } catch (IOException e) {
      LOG.warn("could not answer a failed request: {}", e.toString());
    }
  }
}
