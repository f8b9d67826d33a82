package dev.modelsphere.swiss.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.modelsphere.swiss.values.JsonMappers;
import org.junit.jupiter.api.Test;

/** The profile's {@code policy} section: what the site keeps from users' values. */
class PolicyProfileTest {

  private static Profile profile(String policy) {
    return Profile.parse("name: t\nmodel:\n  pathTemplate: /m/{{name}}\n" + policy, "site.yaml");
  }

  @Test
  void aProfileWithoutAPolicyGetsTheSecureDefaults() {
    Policy policy = profile("").policy();

    assertThat(policy.level()).isEqualTo(PodSecurity.RESTRICTED);
    assertThat(policy.keys().deny()).contains("commandOverride", "**.command");
    assertThat(policy.allow().hostNetwork()).isFalse();
    assertThat(policy.allow().privileged()).isFalse();
    assertThat(policy.allow().runAsRoot()).isFalse();
    assertThat(policy.allow().hostPath()).isFalse();
    assertThat(policy.allow().modelHostPath()).isTrue();
  }

  @Test
  void theSiteSaysWhatItAllowsOneByOne() {
    Policy policy =
        profile(
                """
                policy:
                  podSecurity: baseline
                  keys:
                    allow: [replicaCount, "resources.**"]
                    deny: []
                  registries: [ghcr.io/acme]
                  allow:
                    hostNetwork: true
                    capabilities: [IPC_LOCK]
                """)
            .policy();

    assertThat(policy.level()).isEqualTo(PodSecurity.BASELINE);
    assertThat(policy.keys().allow()).containsExactly("replicaCount", "resources.**");
    assertThat(policy.keys().deny()).isEmpty();
    assertThat(policy.registries()).containsExactly("ghcr.io/acme");
    assertThat(policy.allow().hostNetwork()).isTrue();
    assertThat(policy.allow().hostPID()).isFalse();
    assertThat(policy.allow().capabilities()).containsExactly("IPC_LOCK");
  }

  @Test
  void aLevelThatIsNotAPodSecurityStandardIsRefusedNamingIt() {
    assertThatThrownBy(() -> profile("policy:\n  podSecurity: privileged\n"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("policy.podSecurity")
        .hasMessageContaining("privileged")
        .hasMessageContaining("baseline");
  }

  @Test
  void aMisspeltPolicySwitchIsRefusedRatherThanIgnored() {
    assertThatThrownBy(() -> profile("policy:\n  allow:\n    hostNetwrok: true\n"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("hostNetwrok");
  }

  @Test
  void anEmptyKeySegmentAndARelativeHostPathAreRefused() {
    assertThatThrownBy(() -> profile("policy:\n  keys:\n    deny: [\"a..b\"]\n"))
        .hasMessageContaining("policy.keys.deny")
        .hasMessageContaining("a..b");
    assertThatThrownBy(() -> profile("policy:\n  allow:\n    hostPaths: [data]\n"))
        .hasMessageContaining("policy.allow.hostPaths")
        .hasMessageContaining("data");
  }

  @Test
  void aDefaultPolicyIsLeftOutOfTheProfilesJsonAndAnyOtherIsShown() throws Exception {
    String plain = JsonMappers.PLAIN.writeValueAsString(profile(""));
    String strict =
        JsonMappers.PLAIN.writeValueAsString(profile("policy:\n  podSecurity: baseline\n"));

    assertThat(plain).doesNotContain("policy");
    assertThat(strict).contains("\"policy\":{\"podSecurity\":\"baseline\"");
  }

  @Test
  void theStartingProfileStillParses() {
    assertThat(Profile.parse(Profile.defaultYaml("c1"), "template").policy())
        .isEqualTo(Policy.defaults());
  }
}
