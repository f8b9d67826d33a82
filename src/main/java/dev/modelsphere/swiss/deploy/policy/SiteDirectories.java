package dev.modelsphere.swiss.deploy.policy;

import dev.modelsphere.swiss.site.Profile;
import java.util.ArrayList;
import java.util.List;

/**
 * The node directories the site itself puts in plans: where weights live ({@code
 * model.pathTemplate} up to the directory of its first placeholder, and each path override) and the
 * model cache ({@code cache.hostPath}).
 */
final class SiteDirectories {
  private SiteDirectories() {}

  static List<String> of(Profile profile) {
    List<String> directories = new ArrayList<>();
    directories.add(templateRoot(profile.model().pathTemplate()));
    directories.addAll(profile.model().overrides().values());
    directories.add(profile.cache().hostPath());
    return directories.stream().filter(d -> !d.isBlank()).toList();
  }

  /** {@code /mnt/disk0/models} of {@code /mnt/disk0/models/{{org}}/{{name}}}. */
  static String templateRoot(String template) {
    int open = template.indexOf("{{");
    if (open < 0) {
      return template;
    }
    String fixed = template.substring(0, open);
    return fixed.substring(0, Math.max(fixed.lastIndexOf('/'), 0));
  }
}
