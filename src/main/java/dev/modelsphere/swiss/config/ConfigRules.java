package dev.modelsphere.swiss.config;

/** The rules of a usable config. */
final class ConfigRules {
  private ConfigRules() {}

  static void validate(Config c) {
    String origin = c.origin().isEmpty() ? "config" : c.origin();
    ProfileSource profile = c.cluster().profile();
    if (profile.file().isEmpty() && profile.configMap().isEmpty()) {
      fail(origin, "cluster.profile needs one of file or configMap");
    }
    if (!profile.file().isEmpty() && !profile.configMap().isEmpty()) {
      fail(origin, "cluster.profile has both file and configMap; exactly one");
    }
    if (!profile.configMap().isEmpty() && !isNamespaced(profile.configMap())) {
      fail(
          origin,
          "cluster.profile.configMap \"" + profile.configMap() + "\" is not namespace/name");
    }
  }

  static void validateServer(Config c) {
    validate(c);
    String origin = c.origin().isEmpty() ? "config" : c.origin();
    Auth auth = c.server().auth();
    if (!auth.disabled() && auth.dir().isEmpty()) {
      fail(
          origin,
          "server.auth.dir is required -- mount the credential Secret, or set "
              + "server.auth.disabled to run without a login");
    }
    if (!Auth.COOKIE_SECURE_MODES.contains(auth.cookieSecure())) {
      fail(
          origin,
          "server.auth.cookieSecure \"" + auth.cookieSecure() + "\" is not auto, always or never");
    }
    if (c.server().planHistory() < 0) {
      fail(
          origin,
          "server.planHistory " + c.server().planHistory() + " is negative; keep at least 1 plan");
    }
    if (c.server().cacheTTL().isNegative()) {
      fail(origin, "server.cacheTTL " + c.server().cacheTTL() + " is negative");
    }
    if (auth.tokenTTL().isNegative()) {
      fail(origin, "server.auth.tokenTTL " + auth.tokenTTL() + " is negative");
    }
    if (!Server.APPLY_WITH_BACKENDS.contains(c.server().applyWith())) {
      fail(origin, "server.applyWith \"" + c.server().applyWith() + "\" is not helm or llmsvc");
    }
    if (!PathPrefix.isValid(c.server().basePath())) {
      fail(
          origin,
          "server.basePath \""
              + c.server().basePath()
              + "\" is not a path prefix like /api/deploy (segments of letters, digits, . _ ~ -)");
    }
  }

  private static boolean isNamespaced(String ref) {
    int slash = ref.indexOf('/');
    return slash > 0 && slash < ref.length() - 1 && ref.indexOf('/', slash + 1) < 0;
  }

  private static void fail(String origin, String problem) {
    throw new ConfigException(origin + ": " + problem);
  }
}
