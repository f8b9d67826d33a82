package dev.modelsphere.swiss.sitestate;

import static dev.modelsphere.swiss.sitestate.Refusals.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.testing.MovableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** server.md §1.6, §3.10, §3.11: the profile source, its cache, and the read answers. */
class SiteProfilesTest {
  private static final Duration TTL = Duration.ofSeconds(60);
  static final String PROD =
      """
      # the production site
      name: prod
      namespace: modelforge
      model:
        pathTemplate: /mnt/disk0/models/{{name}}
      route:
        auth:
          secretRef: route-key
      sites:
        - {name: dev, url: https://swiss.dev.internal}
      """;

  @TempDir Path tmp;

  private final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T08:00:00Z"));
  private final FakeConfigMaps configMaps = new FakeConfigMaps();
  private final ObjectMapper json = new ObjectMapper();

  private SiteProfiles inConfigMap() {
    return new SiteProfiles(
        new ConfigMapProfileStore("swiss", "site-profile", "profile.yaml", configMaps), TTL, clock);
  }

  @Test
  void theProfileIsReadOncePerTtl() {
    configMaps.with("swiss", "site-profile", "profile.yaml", PROD);
    SiteProfiles profiles = inConfigMap();

    assertThat(profiles.profile().name()).isEqualTo("prod");
    clock.advance(TTL.minusSeconds(1));
    profiles.profile();
    assertThat(configMaps.reads()).isEqualTo(1);

    configMaps.with("swiss", "site-profile", "profile.yaml", PROD.replace("prod", "renamed"));
    clock.advance(Duration.ofSeconds(1));
    assertThat(profiles.profile().name()).isEqualTo("renamed");
    assertThat(configMaps.reads()).isEqualTo(2);
  }

  @Test
  void theReadAnswerCarriesTheStoredTextAndTheParsedProfileWithJsonNames() {
    configMaps.with("swiss", "site-profile", "profile.yaml", PROD);

    JsonNode body = json.valueToTree(inConfigMap().answer());

    assertThat(body.get("source").asText()).isEqualTo("swiss/site-profile");
    assertThat(body.get("yaml").asText()).isEqualTo(PROD);
    assertThat(body.get("cluster").asText()).isEqualTo("prod");
    assertThat(body.get("profile").get("name").asText()).isEqualTo("prod");
    assertThat(body.get("profile").has("Name")).isFalse();
    assertThat(body.get("profile").get("model").get("pathTemplate").asText())
        .isEqualTo("/mnt/disk0/models/{{name}}");
    assertThat(body.has("error")).isFalse();
  }

  @Test
  void theReadAnswerNamesTheSecretButNeverResolvesIt() {
    configMaps.with("swiss", "site-profile", "profile.yaml", PROD);

    JsonNode auth =
        json.valueToTree(inConfigMap().answer()).get("profile").get("route").get("auth");

    assertThat(auth.get("secretRef").asText()).isEqualTo("route-key");
    assertThat(auth.size()).isEqualTo(1);
  }

  @Test
  void aStaleProfileIsAnUnconfiguredSiteNotAFailure() {
    String stale = PROD + "createNamespace: true\n";
    configMaps.with("swiss", "site-profile", "profile.yaml", stale);
    SiteProfiles profiles = inConfigMap();

    JsonNode body = json.valueToTree(profiles.answer());

    assertThat(body.get("yaml").asText()).isEqualTo(stale);
    assertThat(body.get("error").asText()).contains("createNamespace", "swiss/site-profile");
    assertThat(body.has("profile")).isFalse();
    assertThat(body.has("cluster")).isFalse();
    assertThat(profiles.initialized()).isFalse();
    assertRefused(profiles::profile, ErrorKind.UNAVAILABLE, "createNamespace");
  }

  @Test
  void aProfileThatDoesNotParseIsReadAgainSoAFixShowsAtOnce() {
    configMaps.with("swiss", "site-profile", "profile.yaml", "namespace: models\n");
    SiteProfiles profiles = inConfigMap();
    assertThat(profiles.initialized()).isFalse();

    configMaps.with("swiss", "site-profile", "profile.yaml", PROD);

    assertThat(profiles.initialized()).isTrue();
    assertThat(configMaps.reads()).isEqualTo(2);
  }

  @Test
  void anUnreadableConfigMapIsABadGatewayForTheReadAnswerAndAskedAgainNextTime() {
    configMaps.failReads("connection refused");
    SiteProfiles profiles = inConfigMap();

    assertRefused(
        profiles::answer,
        ErrorKind.UPSTREAM_FAILED,
        "site profile swiss/site-profile",
        "connection refused");
    assertThat(profiles.initialized()).isFalse();
    assertThat(configMaps.reads()).isEqualTo(2);
  }

  @Test
  void aMissingConfigMapOrKeyIsASiteNotSetUpAndNamed() {
    assertRefused(
        inConfigMap()::answer,
        ErrorKind.NOT_FOUND,
        "swiss/site-profile",
        "no such ConfigMap",
        "not set up");

    configMaps.with("swiss", "site-profile", "other.yaml", PROD);
    assertRefused(
        inConfigMap()::answer,
        ErrorKind.NOT_FOUND,
        "swiss/site-profile",
        "no key \"profile.yaml\"");
  }

  @Test
  void aMissingFileIsASiteNotSetUpAndNamed() {
    Path missing = tmp.resolve("profile.yaml");
    SiteProfiles profiles = new SiteProfiles(new FileProfileStore(missing), TTL, clock);

    assertRefused(
        profiles::answer,
        ErrorKind.NOT_FOUND,
        "site profile",
        missing.toString(),
        "no such file",
        "not set up");
  }

  @Test
  void aFileThatExistsButCannotBeReadIsNamed() throws Exception {
    Path directory = Files.createDirectories(tmp.resolve("profile.d"));
    SiteProfiles profiles = new SiteProfiles(new FileProfileStore(directory), TTL, clock);

    assertRefused(
        profiles::answer, ErrorKind.UPSTREAM_FAILED, "site profile", directory.toString());
  }

  @Test
  void aFileProfileIsReadAndItsPathIsTheSource() throws Exception {
    Path file = Files.writeString(tmp.resolve("profile.yaml"), PROD);
    SiteProfiles profiles = new SiteProfiles(new FileProfileStore(file), TTL, clock);

    assertThat(profiles.answer().source()).isEqualTo(file.toString());
    assertThat(profiles.initialized()).isTrue();
  }

  @Test
  void theCachedNameIsKnownOnlyAfterARead() {
    configMaps.with("swiss", "site-profile", "profile.yaml", PROD);
    SiteProfiles profiles = inConfigMap();

    assertThat(profiles.cachedName()).isEmpty();
    assertThat(configMaps.reads()).isZero();
    profiles.profile();
    assertThat(profiles.cachedName()).contains("prod");
  }

  @Test
  void aReadThatBeganBeforeAWriteDoesNotPutTheOldProfileBack() {
    configMaps.with("swiss", "site-profile", "profile.yaml", PROD);
    SiteProfiles profiles = inConfigMap();
    ProfileWriter writer = ProfileWriter.writingWith(profiles, configMaps);
    String renamed = PROD.replace("name: prod", "name: renamed");
    configMaps.duringRead(
        () -> {
          clock.advance(Duration.ofMillis(5));
          writer.write(json.createObjectNode().put("yaml", renamed).toString());
        });

    assertThat(profiles.profile().name()).isEqualTo("renamed");
    assertThat(profiles.answer().yaml()).isEqualTo(renamed);
  }

  @Test
  void theTemplateIsTheDefaultProfileParsed() {
    JsonNode body = json.valueToTree(inConfigMap().template());

    assertThat(body.get("source").asText()).isEqualTo("swiss/site-profile");
    assertThat(body.get("yaml").asText()).contains("pathTemplate: /mnt/disk0/models/{{name}}");
    assertThat(body.get("profile").get("name").asText()).isEqualTo("this-cluster");
    assertThat(body.get("profile").get("namespace").asText()).isEqualTo("models");
    assertThat(configMaps.reads()).isZero();
  }
}
