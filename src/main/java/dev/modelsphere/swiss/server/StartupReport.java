package dev.modelsphere.swiss.server;

import dev.modelsphere.swiss.config.Config;
import dev.modelsphere.swiss.sitestate.CatalogList;
import dev.modelsphere.swiss.sitestate.SiteCatalogs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/** What a starting server tells the person who started it: where it is and what it will do. */
public final class StartupReport {
  /** The banner must not wait long on a slow API server; the profile is read again later. */
  private static final Duration PROFILE_WAIT = Duration.ofSeconds(3);

  private StartupReport() {}

  public static List<String> lines(
      Config config, SwissServer server, ListenAddress address, String apiServer) {
    List<String> lines = new ArrayList<>();
    lines.add("swiss serve: listening on " + address.url(server.port()));
    lines.add("  API server:  " + apiServer);
    lines.add("  catalogs:    " + catalogs(config, server.site().catalogs()));
    lines.add("  namespaces:  " + namespaces(config));
    lines.add("  deploys:     " + deploys(config));
    lines.add("  login:       " + login(config));
    return lines;
  }

  /** The reference's warning for a server anyone can use: nobody has to log in. */
  public static String noLoginWarning() {
    return "NO LOGIN: this server serves its API to anyone who can reach it;"
        + " server.auth.disabled is set";
  }

  private static String catalogs(Config config, SiteCatalogs catalogs) {
    String fromConfig = "default (%s, from the config)".formatted(config.catalog());
    CatalogList list;
    try {
      list =
          CompletableFuture.supplyAsync(catalogs::list)
              .get(PROFILE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return fromConfig
          + "; the site profile did not load within "
          + PROFILE_WAIT.toSeconds()
          + "s";
    } catch (ExecutionException e) {
      return fromConfig + "; the site profile: " + e.getCause().getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return fromConfig;
    }
    if (!CatalogList.FROM_PROFILE.equals(list.from())) {
      return fromConfig;
    }
    return list.repos().stream()
            .map(r -> "%s (%s%s)".formatted(r.name(), r.url(), r.isDefault() ? ", default" : ""))
            .collect(Collectors.joining(", "))
        + " from the site profile";
  }

  private static String namespaces(Config config) {
    List<String> namespaces = config.cluster().namespaces();
    return namespaces.isEmpty() ? "all the credentials can see" : String.join(", ", namespaces);
  }

  private static String deploys(Config config) {
    return config.server().allowDeploy()
        ? "allowed (audit log in %s)".formatted(config.server().database())
        : "not allowed: read-only (set server.allowDeploy to deploy)";
  }

  private static String login(Config config) {
    return config.server().auth().disabled()
        ? "none (server.auth.disabled)"
        : "one account from %s".formatted(config.server().auth().dir());
  }
}
