package dev.modelsphere.swiss.sitestate;

import static dev.modelsphere.swiss.sitestate.Refusals.assertRefused;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.error.ErrorKind;
import dev.modelsphere.swiss.kube.Kube;
import dev.modelsphere.swiss.testing.ClusterTest;
import dev.modelsphere.swiss.testing.KubeCluster;
import dev.modelsphere.swiss.testing.MovableClock;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** server.md §1.6 and §3.12 against the real API server: the profile kept in a ConfigMap. */
@ClusterTest
class ProfileConfigMapTest {
  @RegisterExtension static final KubeCluster cluster = new KubeCluster();

  private static final String NAME = "site-profile";
  private static final String KEY = "profile.yaml";
  private static final String TEXT =
      """
      # Site profile for the lab: kept exactly as typed.
      name: lab   # trailing comment
      namespace: "models"

      model:
        pathTemplate: /mnt/disk0/models/{{org}}/{{name}}    \s
      sites:
        - {name: prod, url: "https://swiss.prod.internal"}  # ünïcödé
      """;

  @TempDir Path tmp;

  private final MovableClock clock = new MovableClock(Instant.parse("2026-12-01T08:00:00Z"));
  private final ObjectMapper json = new ObjectMapper();

  private SiteProfiles profiles(Kube kube) {
    return new SiteProfiles(
        new ConfigMapProfileStore(cluster.namespace(), NAME, KEY, kube::configMap),
        Duration.ofSeconds(60),
        clock);
  }

  private ProfileWriter writer(SiteProfiles profiles, Kube kube) {
    return ProfileWriter.writingWith(profiles, kube::putConfigMapKey);
  }

  private String yamlBody(String text) {
    return json.createObjectNode().put("yaml", text).toString();
  }

  private ConfigMap stored() {
    return cluster.admin().configMaps().inNamespace(cluster.namespace()).withName(NAME).get();
  }

  @Test
  void aProfileSentAsTextIsStoredByteForByteAndAFreshServerReadsItBack() {
    SiteProfiles profiles = profiles(cluster.kube());

    ProfileAnswer written = writer(profiles, cluster.kube()).write(yamlBody(TEXT));

    assertThat(stored().getData()).containsExactly(java.util.Map.entry(KEY, TEXT));
    assertThat(written.source()).isEqualTo(cluster.namespace() + "/" + NAME);
    ProfileAnswer reread = profiles(cluster.kube()).answer();
    assertThat(reread.yaml()).isEqualTo(TEXT);
    assertThat(reread.cluster()).isEqualTo("lab");
    assertThat(reread.profile()).isEqualTo(written.profile());
  }

  @Test
  void aSecondWriteReplacesTheKeyAndKeepsWhatOthersPutInTheConfigMap() {
    cluster
        .admin()
        .configMaps()
        .inNamespace(cluster.namespace())
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(NAME)
                .addToLabels("app.kubernetes.io/managed-by", "Helm")
                .addToAnnotations("meta.helm.sh/release-name", "swiss")
                .endMetadata()
                .addToData(KEY, "name: old\nmodel:\n  pathTemplate: /m\n")
                .addToData("notes.txt", "kept")
                .build())
        .create();
    SiteProfiles profiles = profiles(cluster.kube());
    assertThat(profiles.profile().name()).isEqualTo("old");

    writer(profiles, cluster.kube()).write(yamlBody(TEXT));

    ConfigMap after = stored();
    assertThat(after.getData()).containsEntry(KEY, TEXT).containsEntry("notes.txt", "kept");
    assertThat(after.getMetadata().getLabels())
        .containsEntry("app.kubernetes.io/managed-by", "Helm");
    assertThat(after.getMetadata().getAnnotations())
        .containsEntry("meta.helm.sh/release-name", "swiss");
    assertThat(profiles.profile().name()).isEqualTo("lab");
  }

  @Test
  void aProfileWithAnUnknownKeyIsRefusedAndNothingIsStored() {
    SiteProfiles profiles = profiles(cluster.kube());

    assertRefused(
        () -> writer(profiles, cluster.kube()).write(yamlBody(TEXT + "createNamespace: true\n")),
        ErrorKind.INVALID,
        "createNamespace",
        "nothing was stored");
    assertThat(stored()).isNull();
  }

  @Test
  void aFileBackedProfileIsRefusedAndNoConfigMapIsWritten() throws Exception {
    Path file = Files.writeString(tmp.resolve("profile.yaml"), TEXT);
    SiteProfiles fromFile =
        new SiteProfiles(new FileProfileStore(file), Duration.ofSeconds(60), clock);

    assertRefused(
        () -> writer(fromFile, cluster.kube()).write(yamlBody(TEXT)),
        ErrorKind.INVALID,
        file.toString());
    assertThat(stored()).isNull();
  }

  @Test
  void aWriteTheClusterForbidsIsABadGateway() {
    Kube restricted = new Kube(cluster.restricted());

    assertRefused(
        () -> writer(profiles(restricted), restricted).write(yamlBody(TEXT)),
        ErrorKind.UPSTREAM_FAILED,
        cluster.namespace() + "/" + NAME,
        "forbidden");
    assertThat(stored()).isNull();
  }

  @Test
  void aMissingConfigMapOrKeyIsASiteNotSetUpNamingIt() {
    SiteProfiles profiles = profiles(cluster.kube());
    assertRefused(profiles::answer, ErrorKind.NOT_FOUND, NAME, "no such ConfigMap", "not set up");

    cluster.kube().putConfigMapKey(cluster.namespace(), NAME, "other.yaml", TEXT);
    assertRefused(profiles::answer, ErrorKind.NOT_FOUND, NAME, "no key \"profile.yaml\"");
    assertThat(profiles.initialized()).isFalse();
  }
}
