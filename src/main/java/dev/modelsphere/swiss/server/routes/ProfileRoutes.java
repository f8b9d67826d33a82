package dev.modelsphere.swiss.server.routes;

import dev.modelsphere.swiss.server.http.ApiException;
import dev.modelsphere.swiss.server.http.Deadline;
import dev.modelsphere.swiss.server.http.Json;
import dev.modelsphere.swiss.server.http.RouteGroup;
import dev.modelsphere.swiss.server.http.Routes;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.site.ProfileException;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;

/** The site profile routes; for now the starting profile offered to set a site up. */
public final class ProfileRoutes implements RouteGroup {
  private final String profileRef;

  /**
   * @param profileRef where this server keeps its profile (file or ConfigMap), named in replies
   */
  public ProfileRoutes(String profileRef) {
    this.profileRef = profileRef;
  }

  @Override
  public void register(Routes routes) {
    routes.get("/api/profile/template", Deadline.QUICK_READ, this::template);
  }

  private void template(Context ctx) {
    String yaml = Profile.defaultYaml("");
    Profile parsed;
    try {
      parsed = Profile.parse(yaml, "the default profile");
    } catch (ProfileException e) {
      // The template ships with the server; one that does not parse is this server's bug.
      throw new ApiException(
          500, "the built-in profile template is broken: %s".formatted(e.getMessage()));
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("source", profileRef);
    body.put("profile", parsed);
    body.put("yaml", yaml);
    Json.ok(ctx, body);
  }
}
