package dev.modelsphere.swiss.deploy.policy;

import dev.modelsphere.swiss.plan.Layer;
import dev.modelsphere.swiss.plan.Plan;
import dev.modelsphere.swiss.site.Policy;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.values.Yaml;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A site's values policy as it applies: built from the profile as it is now, so a plan composed
 * under an older policy is held to the current one.
 */
public final class SitePolicy {
  /** The layers users write; the catalog, site and derived layers are trusted. */
  private static final List<Layer> USER_LAYERS = List.of(Layer.FORM, Layer.EDIT);

  private final Policy policy;
  private final KeyRules keys;
  private final PodSecurityCheck pods;

  private SitePolicy(Policy policy, HostPaths hostPaths, ImageRegistries registries) {
    this.policy = policy;
    this.keys = new KeyRules(policy.keys());
    this.pods = new PodSecurityCheck(policy.level(), policy.allow(), hostPaths, registries);
  }

  public static SitePolicy of(Profile profile) {
    Policy policy = profile.policy();
    List<String> roots = new ArrayList<>(policy.allow().hostPaths());
    if (policy.allow().modelHostPath()) {
      roots.addAll(SiteDirectories.of(profile));
    }
    return new SitePolicy(policy, new HostPaths(roots), new ImageRegistries(registries(profile)));
  }

  /** {@code policy.registries}, else the site's mirror, else none (any registry). */
  private static List<String> registries(Profile profile) {
    if (!profile.policy().registries().isEmpty()) {
      return profile.policy().registries();
    }
    String mirror = profile.registry().mirror().strip();
    return mirror.isEmpty() ? List.of() : List.of(mirror);
  }

  /** Every key the plan's user layers set that the site keeps from users. */
  public List<Finding> userLayers(Plan plan) {
    List<Finding> findings = new ArrayList<>();
    for (Layer layer : USER_LAYERS) {
      findings.addAll(keys.check(layer.wireName(), plan.layer(layer.wireName())));
    }
    return findings;
  }

  /**
   * Every pod in the rendered manifest that the site's level, exceptions or registries refuse.
   *
   * @throws dev.modelsphere.swiss.values.ValuesException when the manifest is not YAML
   */
  public List<Finding> manifest(String manifest) {
    List<Finding> findings = new ArrayList<>();
    for (Map<String, Object> object : Yaml.kubernetesDocuments("rendered manifest", manifest)) {
      for (PodSpecs.Found pod : PodSpecs.in(object)) {
        findings.addAll(pods.check(pod));
      }
    }
    return findings;
  }

  /** The Pod Security labels of a namespace swiss creates under this policy. */
  public Map<String, String> namespaceLabels() {
    return PodSecurityLabels.of(policy);
  }
}
