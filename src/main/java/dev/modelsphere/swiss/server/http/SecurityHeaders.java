package dev.modelsphere.swiss.server.http;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The headers that tell a browser how far to trust what swiss sends, on every answer (errors and
 * 404s included), set before anything else runs so no path can miss them.
 *
 * <p>The policy fits the built UI: Vite emits one script and one stylesheet as files of this
 * origin, nothing inline, no {@code eval}; the UI fetches and streams events from this origin only.
 * {@code base-uri 'self'}, not {@code 'none'}: the page's {@code <base href>} (the prefix a proxy
 * mounts swiss under, see {@link BasePath}) must keep working. Nobody may frame swiss ({@code
 * frame-ancestors 'none'}, and {@code X-Frame-Options} for browsers that predate it), so no page
 * can lay its own controls over swiss's buttons.
 */
public final class SecurityHeaders extends Handler.Wrapper {
  static final String CONTENT_SECURITY_POLICY =
      String.join(
          "; ",
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'self'",
          "img-src 'self'",
          "font-src 'self'",
          "connect-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'");

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    HttpFields.Mutable headers = response.getHeaders();
    headers.put("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    // A JSON answer holding a user's text must never be read as HTML or script.
    headers.put("X-Content-Type-Options", "nosniff");
    // Addresses in swiss (a release, a run) are nobody else's business, catalog links included.
    headers.put("Referrer-Policy", "no-referrer");
    headers.put("X-Frame-Options", "DENY");
    return super.handle(request, response, callback);
  }
}
