package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.BasePath;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.eclipse.jetty.http.MimeTypes;

/**
 * The web UI, built into the jar under a classpath directory, and the API description. A client
 * route ({@code /catalog/glm-5.3}, {@code /deploy/x?variant=y}) gets {@code index.html}: the choice
 * is made by location, never by a file extension. {@code /api/...} never falls back to the UI.
 */
public final class WebRoutes implements RouteGroup {
  /** Where the UI build lands in the jar. */
  public static final String WEB_ROOT = "web";

  static final String OPENAPI = "openapi/openapi.yaml";
  static final String NO_CACHE = "no-cache";
  static final String IMMUTABLE = "public, max-age=31536000, immutable";

  private static final MimeTypes MIME_TYPES = new MimeTypes();

  private final String root;

  /**
   * @param root the classpath directory holding {@code index.html} and {@code assets/}
   */
  public WebRoutes(String root) {
    this.root = root;
  }

  @Override
  public void register(Routes routes) {
    routes.getLocal(
        "/openapi.yaml", ctx -> serve(ctx, OPENAPI, "application/yaml; charset=utf-8", NO_CACHE));
    routes.getLocal("/", this::page);
    routes.fallback("/<path>", this::page);
  }

  private void page(Context ctx) {
    String path = ctx.path().replaceFirst("^/+", "");
    if (path.equals("api") || path.startsWith("api/")) {
      throw new ApiException(404, "no such endpoint");
    }
    if (resource("index.html").isEmpty()) {
      throw new ApiException(
          404, "no web UI in this build -- build web/ into the jar; the API works without it");
    }
    if (path.isEmpty() || path.contains("..")) {
      index(ctx);
      return;
    }
    if (resource(path).isPresent()) {
      String cache = path.startsWith("assets/") ? IMMUTABLE : NO_CACHE;
      serve(ctx, root + "/" + path, contentType(path), cache);
      return;
    }
    if (path.startsWith("assets/")) {
      // A missing bundle must fail loudly, not load index.html as JavaScript.
      throw new ApiException(404, "no such file");
    }
    index(ctx);
  }

  /**
   * The page, told where it is mounted: a {@code <base href>} with the prefix the browser sees
   * ({@link BasePath#seenBy}), under which the UI (built with relative asset addresses) loads its
   * scripts and makes every request. The answer depends on the proxy's header, so caches are told.
   */
  private void index(Context ctx) {
    String base = "<base href=\"" + BasePath.seenBy(ctx) + "/\">";
    String page = new String(read(root + "/index.html"), StandardCharsets.UTF_8);
    ctx.contentType("text/html; charset=utf-8")
        .header("Cache-Control", NO_CACHE)
        .header("Vary", BasePath.FORWARDED_PREFIX)
        .result(page.replaceFirst("<head>", "<head>" + base));
  }

  private Optional<URL> resource(String path) {
    URL url = WebRoutes.class.getClassLoader().getResource(root + "/" + path);
    return url != null && isFile(url) ? Optional.of(url) : Optional.empty();
  }

  private static void serve(Context ctx, String resource, String contentType, String cache) {
    ctx.contentType(contentType).header("Cache-Control", cache).result(read(resource));
  }

  private static byte[] read(String resource) {
    try (InputStream in = WebRoutes.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new ApiException(404, "no such file");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("read %s from the jar".formatted(resource), e);
    }
  }

  private static String contentType(String path) {
    String type = MIME_TYPES.getMimeByExtension(path);
    return type == null ? "application/octet-stream" : type;
  }

  /** Directories are resources too; only files may be served. */
  private static boolean isFile(URL url) {
    try {
      return switch (url.getProtocol()) {
        case "file" -> Files.isRegularFile(Path.of(url.toURI()));
        case "jar" -> !((JarURLConnection) url.openConnection()).getJarEntry().isDirectory();
        default -> false;
      };
    } catch (IOException | URISyntaxException e) {
      return false;
    }
  }
}
