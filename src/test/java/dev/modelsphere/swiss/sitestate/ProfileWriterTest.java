package dev.modelsphere.swiss.sitestate;

import static dev.modelsphere.swiss.sitestate.Refusals.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.site.Profile;
import dev.modelsphere.swiss.testing.MovableClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** server.md §3.12: PUT /api/profile, its checks in order, and what is stored. */
class ProfileWriterTest {
  private static final String PROD = SiteProfilesTest.PROD;

  @TempDir Path tmp;

  private final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T08:00:00Z"));
  private final FakeConfigMaps configMaps = new FakeConfigMaps();
  private final ObjectMapper json = new ObjectMapper();
  private final SiteProfiles profiles =
      new SiteProfiles(
          new ConfigMapProfileStore("swiss", "site-profile", "profile.yaml", configMaps),
          Duration.ofSeconds(60),
          clock);
  private final ProfileWriter writer = ProfileWriter.writingWith(profiles, configMaps);

  private String yamlBody(String yaml) {
    return json.createObjectNode().put("yaml", yaml).toString();
  }

  private String objectBody(ObjectNode profile) {
    ObjectNode body = json.createObjectNode();
    body.set("profile", profile);
    return body.toString();
  }

  @Test
  void yamlIsStoredByteForByteAndServedAtOnce() {
    String text = PROD + "\n# trailing comment, kept\n";

    ProfileAnswer answer = writer.write(yamlBody(text));

    assertThat(configMaps.stored("swiss", "site-profile", "profile.yaml")).contains(text);
    assertThat(answer.source()).isEqualTo("swiss/site-profile");
    assertThat(answer.yaml()).isEqualTo(text);
    assertThat(answer.profile().name()).isEqualTo("prod");
    assertThat(profiles.answer().yaml()).isEqualTo(text);
    assertThat(profiles.profile().namespace()).isEqualTo("modelforge");
    assertThat(configMaps.reads())
        .as("one read before the write, of the text it replaces; none to serve it after")
        .isEqualTo(1);
  }

  @Test
  void aChangeKnowsTheTextItReplacesAndWhetherTheStoredProfileRequiresApproval() {
    ProfileChange setup = writer.prepare(yamlBody(PROD));
    writer.store(setup);
    String guarded = PROD + "requireApproval: true\n";
    writer.store(writer.prepare(yamlBody(guarded)));

    ProfileChange change = writer.prepare(yamlBody(PROD));

    assertThat(setup.before()).as("a site not set up replaces nothing").isEmpty();
    assertThat(setup.requiresApproval()).isFalse();
    assertThat(change.before()).isEqualTo(guarded);
    assertThat(change.after()).isEqualTo(PROD);
    assertThat(change.requiresApproval())
        .as("the stored profile decides, not the one that would switch approval off")
        .isTrue();
    assertThat(configMaps.stored("swiss", "site-profile", "profile.yaml"))
        .as("prepared, not stored")
        .contains(guarded);
  }

  @Test
  void theWriteAnswerHasSourceProfileAndYamlOnly() {
    assertThat(json.valueToTree(writer.write(yamlBody(PROD))).fieldNames())
        .toIterable()
        .containsExactlyInAnyOrder("source", "profile", "yaml");
  }

  @Test
  void invalidProfilesAreRefusedAndNothingIsStored() {
    String[] invalid = {
      "name: [unclosed",
      "namespace: models\nmodel:\n  pathTemplate: /m\n",
      "name: prod\n",
      "name: prod\nmodel:\n  pathTemplate: /m\ncacheTTL: 60s\n",
    };
    String[] facts = {"swiss/site-profile", "name is required", "pathTemplate", "cacheTTL"};

    for (int i = 0; i < invalid.length; i++) {
      String text = invalid[i];
      assertRefused(() -> writer.write(yamlBody(text)), ErrorKind.INVALID, facts[i]);
    }
    assertThat(configMaps.writes()).isZero();
  }

  @Test
  void anEmptyProfileIsRefused() {
    assertRefused(() -> writer.write("{}"), ErrorKind.INVALID, "empty");
    assertRefused(() -> writer.write(yamlBody("  \n ")), ErrorKind.INVALID, "empty");
    assertRefused(
        () -> writer.write("{\"yaml\": \"\", \"profile\": null}"), ErrorKind.INVALID, "empty");
    assertThat(configMaps.writes()).isZero();
  }

  @Test
  void bothFormsAtOnceAreRefused() {
    ObjectNode body = json.createObjectNode().put("yaml", PROD);
    body.putObject("profile").put("name", "prod");

    assertRefused(() -> writer.write(body.toString()), ErrorKind.INVALID, "not both");
  }

  @Test
  void aBodyThatIsNotAProfileRequestIsRefused() {
    assertRefused(() -> writer.write("{\"yaml\": "), ErrorKind.INVALID, "request body");
    assertRefused(() -> writer.write("{\"yml\": \"x\"}"), ErrorKind.INVALID, "yml");
    assertRefused(() -> writer.write("{\"yaml\": 8}"), ErrorKind.INVALID, "yaml");
  }

  @Test
  void theObjectFormIsRenderedWithoutTheSectionsNobodyFilled() {
    ObjectNode profile = json.createObjectNode().put("name", "lab");
    profile.putObject("model").put("pathTemplate", "/mnt/models/{{org}}/{{name}}");
    profile.putObject("route").put("nginxConfigMap", "llm-route/openresty-conf").putObject("auth");
    profile.putObject("cache");
    profile.putObject("scaler");
    profile.putObject("nodes");

    ProfileAnswer answer = writer.write(objectBody(profile));

    String stored = configMaps.stored("swiss", "site-profile", "profile.yaml").orElseThrow();
    assertThat(stored).isEqualTo(answer.yaml());
    assertThat(stored)
        .contains("nginxConfigMap: llm-route/openresty-conf")
        .doesNotContain("cache", "scaler", "nodes", "auth", "registry", "{}");
    assertThat(Profile.parse(stored, "stored")).isEqualTo(answer.profile());
    assertThat(profiles.profile().route().nginxConfigMap()).isEqualTo("llm-route/openresty-conf");
  }

  @Test
  void theJsonFormOfAProfileRoundTripsThroughTheObjectForm() {
    Profile original = Profile.parse(PROD + "extra:\n  mode: \"on\"\n  count: 3\n", "p");

    ProfileAnswer answer = writer.write(objectBody(json.valueToTree(original)));

    assertThat(answer.profile()).isEqualTo(original);
  }

  @Test
  void anObjectWithAnUnknownKeyOrWithoutANameIsRefusedAndNothingStored() {
    ObjectNode typo = json.createObjectNode().put("name", "lab").put("namespce", "x");
    typo.putObject("model").put("pathTemplate", "/m");
    ObjectNode nameless = json.createObjectNode();
    nameless.putObject("model").put("pathTemplate", "/m");

    assertRefused(() -> writer.write(objectBody(typo)), ErrorKind.INVALID, "namespce");
    assertRefused(() -> writer.write(objectBody(nameless)), ErrorKind.INVALID, "name is required");
    assertThat(configMaps.writes()).isZero();
  }

  @Test
  void aFailedWriteIsABadGatewayAndTheOldProfileStaysServed() {
    configMaps.with("swiss", "site-profile", "profile.yaml", PROD);
    profiles.profile();
    configMaps.failWrites("configmaps \"site-profile\" is forbidden");

    assertRefused(
        () -> writer.write(yamlBody(PROD.replace("name: prod", "name: other"))),
        ErrorKind.UPSTREAM_FAILED,
        "swiss/site-profile",
        "forbidden");
    assertThat(profiles.profile().name()).isEqualTo("prod");
  }

  @Test
  void aFileProfileCannotBeEditedWhateverTheBody() throws Exception {
    Path file = Files.writeString(tmp.resolve("profile.yaml"), PROD);
    SiteProfiles fromFile =
        new SiteProfiles(new FileProfileStore(file), Duration.ofSeconds(60), clock);

    assertRefused(
        () -> ProfileWriter.writingWith(fromFile, configMaps).write("not json"),
        ErrorKind.INVALID,
        "from a file",
        file.toString());
    assertThat(Files.readString(file)).isEqualTo(PROD);
    assertThat(configMaps.writes()).isZero();
  }

  @Test
  void aServerWithoutAWriterRefusesBeforeReadingTheBody() {
    assertRefused(
        () -> ProfileWriter.readOnly(profiles).write("not json"),
        ErrorKind.FORBIDDEN,
        "cannot write to the cluster");
  }
}
