package dev.modelsphere.swiss.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigTest {
  @TempDir Path dir;

  private Config load(String yaml) throws IOException {
    Path file = dir.resolve("swiss.yaml");
    Files.writeString(file, yaml);
    return Config.load(file);
  }

  @Test
  void relativePathsResolveAgainstTheConfigFile() throws IOException {
    Config c =
        load(
            """
        catalog: ./catalog
        cluster:
          profile:
            file: ./profile.yaml
        server:
          auth:
            dir: creds/../auth
        """);

    assertThat(c.catalog()).isEqualTo(dir.resolve("catalog").toString());
    assertThat(c.cluster().profile().file()).isEqualTo(dir.resolve("profile.yaml").toString());
    assertThat(c.server().auth().dir()).isEqualTo(dir.resolve("auth").toString());
  }

  @Test
  void urlAndAbsolutePathsAreLeftAlone() throws IOException {
    Config web =
        load(
            """
        catalog: https://models.example.com/swiss-catalog/
        cluster:
          profile:
            file: /etc/swiss/profile.yaml
        server:
          auth:
            dir: /etc/swiss-auth
        """);
    Config plain = load("catalog: http://models.local/index.json\n");

    assertThat(web.catalog()).isEqualTo("https://models.example.com/swiss-catalog/");
    assertThat(web.cluster().profile().file()).isEqualTo("/etc/swiss/profile.yaml");
    assertThat(web.server().auth().dir()).isEqualTo("/etc/swiss-auth");
    assertThat(plain.catalog()).isEqualTo("http://models.local/index.json");
  }

  @Test
  void otherPathsAreNotResolved() throws IOException {
    Config c =
        load(
            "server:\n  database: data/swiss.db\n  cacheDir: cache\ncluster:\n  kubeconfig: kube/config\n");

    assertThat(c.server().database()).isEqualTo("data/swiss.db");
    assertThat(c.server().cacheDir()).isEqualTo("cache");
    assertThat(c.cluster().kubeconfig()).isEqualTo("kube/config");
  }

  @Test
  void profileNeedsExactlyOneSource() throws IOException {
    Config neither = load("catalog: /c\n");
    Config both =
        load(
            "catalog: /c\ncluster:\n  profile:\n    file: /p.yaml\n    configMap: swiss/site-profile\n");

    assertThatThrownBy(neither::validate)
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(dir.resolve("swiss.yaml") + ": ")
        .hasMessageContaining("cluster.profile needs one of file or configMap");
    assertThatThrownBy(both::validate)
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("both file and configMap");
  }

  @Test
  void configMapMustBeNamespaced() throws IOException {
    for (String ref : List.of("site-profile", "/site-profile", "swiss/", "a/b/c")) {
      Config c = load("catalog: /c\ncluster:\n  profile:\n    configMap: " + ref + "\n");

      assertThatThrownBy(c::validate)
          .as(ref)
          .isInstanceOf(ConfigException.class)
          .hasMessageContaining("\"" + ref + "\"")
          .hasMessageContaining("namespace/name");
    }
  }

  @Test
  void aConfigMapProfileWithANamespaceIsValid() throws IOException {
    Config c = load("catalog: /c\ncluster:\n  profile:\n    configMap: swiss/site-profile\n");

    assertThatCode(c::validate).doesNotThrowAnyException();
    assertThat(c.profileRef()).isEqualTo("swiss/site-profile");
  }

  @Test
  void withoutACatalogThePublicCatalogIsTheDefault() throws IOException {
    Config c = load("cluster:\n  profile:\n    file: /p.yaml\n");

    assertThat(c.catalog()).isEqualTo("https://modelsphere.github.io/model-catalog/");
    assertThatCode(c::validate).doesNotThrowAnyException();
    assertThat(new Config(" ", null, null, null, null).catalog())
        .isEqualTo("https://modelsphere.github.io/model-catalog/");
  }

  @Test
  void aConfigBuiltInCodeIsNamedConfigInErrors() {
    Config c = new Config("", null, null, null, null);

    assertThatThrownBy(c::validate).hasMessageStartingWith("config: ");
  }

  @Test
  void onlyTheServerRequiresAnAuthDirUnlessLoginIsDisabled() throws IOException {
    Config c = load("catalog: /c\ncluster:\n  profile:\n    file: /p.yaml\n");
    Config open =
        load(
            "catalog: /c\ncluster:\n  profile:\n    file: /p.yaml\nserver:\n  auth:\n    disabled: true\n");

    assertThatCode(c::validate).doesNotThrowAnyException();
    assertThatThrownBy(c::validateServer)
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.auth.dir is required")
        .hasMessageContaining("server.auth.disabled");
    assertThatCode(open::validateServer).doesNotThrowAnyException();
  }

  @Test
  void theServerAlsoKeepsTheCommonRules() throws IOException {
    Config c = load("server:\n  auth:\n    disabled: true\n");

    assertThatThrownBy(c::validateServer)
        .hasMessageContaining("cluster.profile needs one of file or configMap");
  }

  @Test
  void cookieSecureIsAutoAlwaysOrNever() throws IOException {
    String base =
        "catalog: /c\ncluster:\n  profile:\n    file: /p.yaml\nserver:\n  auth:\n    dir: /a\n";
    for (String mode : List.of("auto", "always", "never")) {
      Config ok = load(base + "    cookieSecure: " + mode + "\n");
      assertThatCode(ok::validateServer).as(mode).doesNotThrowAnyException();
    }
    Config bad = load(base + "    cookieSecure: sometimes\n");

    assertThatThrownBy(bad::validateServer)
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.auth.cookieSecure")
        .hasMessageContaining("\"sometimes\"");
  }

  @Test
  void durationsAndPlanHistoryMustNotBeNegative() throws IOException {
    String base = "catalog: /c\ncluster:\n  profile:\n    file: /p.yaml\n";

    assertThatThrownBy(
            load(base + "server:\n  auth: {disabled: true}\n  cacheTTL: -1s\n")::validateServer)
        .hasMessageContaining("server.cacheTTL");
    assertThatThrownBy(
            load(base + "server:\n  auth: {disabled: true, tokenTTL: -1h}\n")::validateServer)
        .hasMessageContaining("server.auth.tokenTTL");
    assertThatThrownBy(
            load(base + "server:\n  auth: {disabled: true}\n  planHistory: -2\n")::validateServer)
        .hasMessageContaining("server.planHistory");
  }

  @Test
  void applyWithIsHelmOrLlmsvc() throws IOException {
    String base =
        "catalog: /c\ncluster:\n  profile:\n    file: /p.yaml\nserver:\n  auth: {disabled: true}\n";
    Config llmsvc = load(base + "  applyWith: llmsvc\n");
    Config bad = load(base + "  applyWith: kubectl\n");

    assertThat(llmsvc.server().applyWith()).isEqualTo("llmsvc");
    assertThatCode(llmsvc::validateServer).doesNotThrowAnyException();
    assertThatThrownBy(bad::validateServer)
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.applyWith")
        .hasMessageContaining("\"kubectl\"");
  }

  @Test
  void unknownKeyIsATypoNotASettingThatDoesNothing() throws IOException {
    assertThatThrownBy(() -> load("catalog: /c\ncacheTTL: 60s\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(dir.resolve("swiss.yaml") + ": ")
        .hasMessageContaining("cacheTTL");
    assertThatThrownBy(() -> load("server:\n  auth:\n    tokenTtl: 1h\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.auth.tokenTtl");
  }

  @Test
  void keysOfOlderVersionsAreRefused() {
    assertThatThrownBy(() -> load("cluster:\n  name: prod\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("cluster.name");
    assertThatThrownBy(() -> load("server:\n  peers: []\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.peers");
  }

  @Test
  void theOriginIsNotAKeyOfTheDocument() {
    assertThatThrownBy(() -> load("origin: elsewhere.yaml\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("origin");
  }

  @Test
  void defaultsFillEveryKeyLeftOut() throws IOException {
    Config c = load("catalog: /c\n");

    assertThat(c.origin()).isEqualTo(dir.resolve("swiss.yaml").toString());
    assertThat(c.cluster().profile().key()).isEqualTo("profile.yaml");
    assertThat(c.cluster().namespaces()).isEmpty();
    assertThat(c.server().addr()).isEqualTo(":8080");
    assertThat(c.server().database())
        .isEqualTo(
            Server.defaultStateDirectory(System.getenv(), System.getProperty("user.home"))
                .resolve("swiss.db")
                .toString())
        .doesNotStartWith("/tmp");
    assertThat(c.server().allowDeploy()).isFalse();
    assertThat(c.server().applyWith()).isEqualTo("helm");
    assertThat(c.server().helmBin()).isEqualTo("helm");
    assertThat(c.server().helmfileBin()).isEqualTo("helmfile");
    assertThat(c.server().planHistory()).isEqualTo(5);
    assertThat(c.server().cacheTTL()).isEqualTo(Duration.ofMinutes(1));
    assertThat(c.server().auth().tokenTTL()).isEqualTo(Duration.ofHours(24));
    assertThat(c.server().auth().cookieSecure()).isEqualTo("auto");
    assertThat(c.server().auth().disabled()).isFalse();
    assertThat(c.server().gpuProductLabels()).isEmpty();
    assertThat(c.canary()).isEqualTo(CanaryKeys.defaults());
  }

  @Test
  void anEmptyFileIsAConfigOfDefaults() throws IOException {
    Config c = load("");

    assertThat(c.server().addr()).isEqualTo(":8080");
    assertThat(c.catalog()).isEqualTo(Config.DEFAULT_CATALOG);
  }

  @Test
  void everyServerKeyIsRead() throws IOException {
    Config c =
        load(
            """
        server:
          addr: 127.0.0.1:9090
          database: /data/swiss.db
          allowDeploy: true
          applyWith: llmsvc
          helmBin: /usr/local/bin/helm
          helmfileBin: /usr/local/bin/helmfile
          planHistory: 12
          cacheTTL: 1m30s
          cacheDir: /data/cache
          auth:
            dir: /etc/swiss-auth
            tokenTTL: 8h
            disabled: false
            cookieSecure: always
          gpuProductLabels:
            nvidia.com/gpu: [nvidia.com/gpu.product, gpu.example.com/model]
            amd.com/gpu: amd.com/gpu.product-name
        cluster:
          profile:
            configMap: swiss/site-profile
            key: site.yaml
          namespaces: [models, ci]
          kubeconfig: /etc/kube/config
          context: east
        """);

    Server s = c.server();
    assertThat(s.addr()).isEqualTo("127.0.0.1:9090");
    assertThat(s.database()).isEqualTo("/data/swiss.db");
    assertThat(s.allowDeploy()).isTrue();
    assertThat(s.applyWith()).isEqualTo("llmsvc");
    assertThat(s.helmBin()).isEqualTo("/usr/local/bin/helm");
    assertThat(s.helmfileBin()).isEqualTo("/usr/local/bin/helmfile");
    assertThat(s.planHistory()).isEqualTo(12);
    assertThat(s.cacheTTL()).isEqualTo(Duration.ofSeconds(90));
    assertThat(s.cacheDir()).isEqualTo("/data/cache");
    assertThat(s.auth())
        .isEqualTo(new Auth("/etc/swiss-auth", Duration.ofHours(8), false, "always", List.of()));
    assertThat(s.gpuProductLabels())
        .isEqualTo(
            Map.of(
                "nvidia.com/gpu", List.of("nvidia.com/gpu.product", "gpu.example.com/model"),
                "amd.com/gpu", List.of("amd.com/gpu.product-name")));
    assertThat(c.cluster())
        .isEqualTo(
            new Cluster(
                new ProfileSource("", "swiss/site-profile", "site.yaml"),
                List.of("models", "ci"),
                "/etc/kube/config",
                "east"));
  }

  @Test
  void emptyItemsInListsAreDropped() throws IOException {
    Config c =
        load(
            "cluster:\n  namespaces: [models, ~]\nserver:\n  gpuProductLabels:\n    nvidia.com/gpu: ~\n");

    assertThat(c.cluster().namespaces()).containsExactly("models");
    assertThat(c.server().gpuProductLabels()).containsEntry("nvidia.com/gpu", List.of());
  }

  @Test
  void aGpuProductLabelMustBeAStringOrAListOfStrings() {
    assertThatThrownBy(() -> load("server:\n  gpuProductLabels:\n    nvidia.com/gpu: {a: b}\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.gpuProductLabels");
  }

  @Test
  void aDurationNeedsAUnit() {
    assertThatThrownBy(() -> load("server:\n  cacheTTL: 60\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.cacheTTL")
        .hasMessageContaining("unit");
    assertThatThrownBy(() -> load("server:\n  auth:\n    tokenTTL: 1d\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("server.auth.tokenTTL")
        .hasMessageContaining("\"1d\"");
  }

  @Test
  void basePathIsAPathPrefixWithoutItsTrailingSlash() throws IOException {
    String base =
        "catalog: /c\ncluster:\n  profile:\n    file: /p.yaml\nserver:\n  auth: {disabled: true}\n";
    Config mounted = load(base + "  basePath: /api/deploy/\n");

    assertThat(mounted.server().basePath()).isEqualTo("/api/deploy");
    assertThat(load(base).server().basePath()).isEmpty();
    assertThatCode(mounted::validateServer).doesNotThrowAnyException();
    for (String bad : new String[] {"api/deploy", "/api/../admin", "/a b", "/x\"y"}) {
      Config c = load(base + "  basePath: '" + bad + "'\n");
      assertThatThrownBy(c::validateServer)
          .as(bad)
          .isInstanceOf(ConfigException.class)
          .hasMessageContaining("server.basePath");
    }
  }

  @Test
  void catalogCacheDirIsTheCacheDirElseBesideTheDatabase() {
    Server beside = Server.defaults().withDatabase("/data/swiss.db");
    Server explicit = beside.withCacheDir("/cache");

    assertThat(new Config("", null, beside, null, "").catalogCacheDir())
        .isEqualTo("/data/catalog-cache");
    assertThat(new Config("", null, explicit, null, "").catalogCacheDir()).isEqualTo("/cache");
    assertThat(new Config("", null, null, null, "").catalogCacheDir())
        .isEqualTo(Path.of(Server.DEFAULT_DATABASE).resolveSibling("catalog-cache").toString());
  }

  @Test
  void theDefaultStateDirectoryIsThisUsersXdgStateHomeElseUnderTheHomeDirectory() {
    assertThat(
            Server.defaultStateDirectory(Map.of("XDG_STATE_HOME", "/state/alice"), "/home/alice"))
        .isEqualTo(Path.of("/state/alice/swiss"));
    assertThat(Server.defaultStateDirectory(Map.of(), "/home/alice"))
        .isEqualTo(Path.of("/home/alice/.local/state/swiss"));
    assertThat(Server.defaultStateDirectory(Map.of("XDG_STATE_HOME", "relative"), "/home/alice"))
        .as("a relative XDG_STATE_HOME is ignored")
        .isEqualTo(Path.of("/home/alice/.local/state/swiss"));
  }

  @Test
  void theProfileRefIsTheFileElseTheConfigMap() {
    assertThat(new ProfileSource("/p.yaml", "", "").ref()).isEqualTo("/p.yaml");
    assertThat(new ProfileSource("", "swiss/site-profile", "").ref())
        .isEqualTo("swiss/site-profile");
    assertThat(new ProfileSource("", "", "").ref()).isEmpty();
  }

  @Test
  void aMissingFileIsAnErrorNamingIt() {
    Path missing = dir.resolve("nope.yaml");

    assertThatThrownBy(() -> Config.load(missing))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith(missing + ": ");
  }

  @Test
  void aRepeatedKeyIsRefused() {
    assertThatThrownBy(() -> load("catalog: /a\ncatalog: /b\n"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("catalog");
  }
}
