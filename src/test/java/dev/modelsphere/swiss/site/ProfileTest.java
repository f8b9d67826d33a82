package dev.modelsphere.swiss.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileTest {

  private static final String PROD =
      """
      name: testenv
      namespace: swiss-deploy
      chartRepo: https://modelsphere.github.io/helm-charts
      registry:
        mirror: ""
      model:
        pathTemplate: /mnt/disk0/models/{{org}}/{{name}}
        overrides:
          kimi-k2.5: /mnt/disk0/models/Kimi-K2.5
      cache:
        enabled: false
      scaler:
        serverAddress: http://decision-gen.llm-scaler.svc:80
        sloAddress: http://slo-api.llm-scaler.svc:80
      route:
        gateway: https://llm.example.com
        nginxConfigMap: llm-route/openresty-conf
        monitorConfigMap: llm-route/monitor-conf
      nodes:
        gpusPerNode: 8
      sites:
        - name: testenv
          url: https://swiss.testenv.example.com
        - name: prod
          url: https://swiss.prod.example.com
      """;

  private static Profile minimal(String more) {
    return Profile.parse("name: t\nmodel:\n  pathTemplate: /m/{{name}}\n" + more, "site.yaml");
  }

  private static Profile withTemplate(String template) {
    return ProfileBuilder.builder().name("t").model(new ModelPaths(template, Map.of())).build();
  }

  @Test
  void theReferenceExampleProfileParsesIntoEverySection() {
    Profile p = Profile.parse(PROD, "examples/site-prod.yaml");

    assertThat(p.name()).isEqualTo("testenv");
    assertThat(p.namespace()).isEqualTo("swiss-deploy");
    assertThat(p.chartRepo()).isEqualTo("https://modelsphere.github.io/helm-charts");
    assertThat(p.model().overrides()).containsEntry("kimi-k2.5", "/mnt/disk0/models/Kimi-K2.5");
    assertThat(p.scaler().serverAddress()).isEqualTo("http://decision-gen.llm-scaler.svc:80");
    assertThat(p.route().monitorConfigMap()).isEqualTo("llm-route/monitor-conf");
    assertThat(p.nodes().gpusPerNode()).isEqualTo(8);
    assertThat(p.sites()).extracting(SiteLink::name).containsExactly("testenv", "prod");
  }

  @Test
  void localPathUsesTheTemplate() {
    Profile p = Profile.parse(PROD, "site.yaml");

    assertThat(p.localPath("modelforge/Qwen3.6-35B-A3B-793303", "qwen"))
        .isEqualTo("/mnt/disk0/models/modelforge/Qwen3.6-35B-A3B-793303");
    assertThat(withTemplate("/mnt/disk0/models/{{name}}").localPath("zai-org/GLM-5.3", "glm"))
        .isEqualTo("/mnt/disk0/models/GLM-5.3");
  }

  @Test
  void everyPlaceholderIsExpandedAndTheNameIsEverythingAfterTheFirstSlash() {
    assertThat(withTemplate("/w/{{hf}}|{{org}}|{{name}}|{{model}}").localPath("org/a/b", "m1"))
        .isEqualTo("/w/org/a/b|org|a/b|m1");
  }

  @Test
  void withoutACatalogNameOnlyTheTemplateApplies() {
    assertThat(Profile.parse(PROD, "site.yaml").localPath("moonshotai/Kimi-K2.5", null))
        .isEqualTo("/mnt/disk0/models/moonshotai/Kimi-K2.5");
  }

  @Test
  void overrideWinsOverTheTemplate() {
    Profile p = Profile.parse(PROD, "site.yaml");

    assertThat(p.localPath("moonshotai/Kimi-K2.5", "kimi-k2.5"))
        .isEqualTo("/mnt/disk0/models/Kimi-K2.5");
    assertThat(p.localPath("not-org-name", "kimi-k2.5")).isEqualTo("/mnt/disk0/models/Kimi-K2.5");
  }

  @Test
  void unknownPlaceholderIsAnErrorNamingTheTemplate() {
    assertThatThrownBy(() -> withTemplate("/m/{{nope}}/{{name}}").localPath("a/b", "m"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("/m/{{nope}}/{{name}}")
        .hasMessageContaining("unknown placeholder");
  }

  @Test
  void aHuggingFaceIdWithoutASlashIsRefused() {
    assertThatThrownBy(() -> withTemplate("/m/{{name}}").localPath("justaname", "m"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("\"justaname\"")
        .hasMessageContaining("org/name");
  }

  @Test
  void theMirrorReplacesEverythingButTheLastSegmentOfTheRepository() {
    Profile mirrored = minimal("registry:\n  mirror: ghcr.io/modelsphere/\n");

    assertThat(mirrored.mirrorImage("lmsysorg/sglang")).isEqualTo("ghcr.io/modelsphere/sglang");
    assertThat(mirrored.mirrorImage("harbor.4pd.io/hardcore-tech/sglang"))
        .isEqualTo("ghcr.io/modelsphere/sglang");
    assertThat(mirrored.mirrorImage("vllm")).isEqualTo("ghcr.io/modelsphere/vllm");
  }

  @Test
  void theMirrorLosesOneTrailingSlashAndNothingElseAsInTheReference() {
    assertThat(
            minimal("registry:\n  mirror: ghcr.io/modelsphere//\n").mirrorImage("lmsysorg/sglang"))
        .isEqualTo("ghcr.io/modelsphere//sglang");
    assertThat(minimal("registry:\n  mirror: \"ghcr.io/ms \"\n").mirrorImage("lmsysorg/sglang"))
        .isEqualTo("ghcr.io/ms /sglang");
  }

  @Test
  void aNameOfSpacesIsANameAsInTheReference() {
    assertThat(minimal("").name()).isNotEmpty();
    Profile spaced = Profile.parse(PROD.replaceFirst("name: \\S+", "name: \" \""), "site.yaml");
    assertThat(spaced.name()).isEqualTo(" ");
  }

  @Test
  void withoutAMirrorTheRepositoryIsUnchanged() {
    assertThat(Profile.parse(PROD, "site.yaml").mirrorImage("lmsysorg/sglang"))
        .isEqualTo("lmsysorg/sglang");
  }

  @Test
  void secretReferenceQualifiesABareName() {
    RouteAuth bare = new RouteAuth("", "", "llm-openresty", "", null);
    RouteAuth qualified = new RouteAuth("", "", "llm-route/llm-openresty", "", null);

    assertThat(bare.secretReference("swiss-system")).isEqualTo("swiss-system/llm-openresty");
    assertThat(qualified.secretReference("swiss-system")).isEqualTo("llm-route/llm-openresty");
    assertThat(RouteAuth.none().secretReference("swiss-system")).isEmpty();
    assertThat(bare.secretReference("")).isEqualTo("llm-openresty");
  }

  @Test
  void sloTokenRefQualifiesABareName() {
    Scaler bare = new Scaler("", null, "", "slo-token", "");

    assertThat(bare.sloTokenRef("swiss-system")).isEqualTo("swiss-system/slo-token");
    assertThat(new Scaler("", null, "", "llm-scaler/slo-token", "").sloTokenRef("swiss-system"))
        .isEqualTo("llm-scaler/slo-token");
    assertThat(Scaler.none().sloTokenRef("swiss-system")).isEmpty();
  }

  @Test
  void theSloServerIsTrimmedAndDefaultsToTheInClusterService() {
    assertThat(Scaler.none().sloServer()).isEqualTo("http://slo-api.llm-scaler.svc:80");
    assertThat(new Scaler("", null, " http://slo.example:8080/ ", "", "").sloServer())
        .isEqualTo("http://slo.example:8080");
    assertThat(Scaler.none().sloTokenKeyOrDefault()).isEqualTo("token");
    assertThat(new Scaler("", null, "", "", "key").sloTokenKeyOrDefault()).isEqualTo("key");
  }

  @Test
  void modelUrlJoinsTheGatewayAndRouteWithOneSlash() {
    Route withSlash = new Route("", "", "", "", "https://llm.example.com/", null, null);
    Route without = new Route("", "", "", "", "https://llm.example.com", null, null);

    assertThat(withSlash.modelUrl("/kimi")).isEqualTo("https://llm.example.com/kimi");
    assertThat(without.modelUrl("kimi")).isEqualTo("https://llm.example.com/kimi");
    assertThat(Route.none().modelUrl("kimi")).isEmpty();
    assertThat(without.modelUrl("")).isEmpty();
  }

  @Test
  void routeAuthDefaultsToABearerAuthorizationHeader() {
    assertThat(RouteAuth.none().headerName()).isEqualTo("Authorization");
    assertThat(RouteAuth.none().keyPrefix()).isEqualTo("Bearer ");
  }

  @Test
  void aCustomAuthHeaderGetsNoPrefixUnlessOneIsSet() {
    RouteAuth custom = new RouteAuth("X-Api-Key", "", "", "", null);
    RouteAuth prefixed = new RouteAuth("X-Api-Key", "Key ", "", "", null);

    assertThat(custom.headerName()).isEqualTo("X-Api-Key");
    assertThat(custom.keyPrefix()).isEmpty();
    assertThat(prefixed.keyPrefix()).isEqualTo("Key ");
  }

  @Test
  void theReadinessPortDefaultsTo8080() {
    assertThat(Route.none().nginxPortOrDefault()).isEqualTo(8080);
    assertThat(minimal("route:\n  nginxPort: 9000\n").route().nginxPortOrDefault()).isEqualTo(9000);
  }

  @Test
  void httpHttpsAndAbsoluteCatalogsAreAcceptedAfterTrimming() {
    assertThat(minimal("catalog: '  https://models.example.com/catalog/ '\n").catalog())
        .isEqualTo("https://models.example.com/catalog/");
    assertThat(minimal("catalog: http://models.local/\n").catalog())
        .isEqualTo("http://models.local/");
    assertThat(minimal("catalog: /srv/catalog\n").catalog()).isEqualTo("/srv/catalog");
    assertThat(minimal("catalog: ''\n").catalog()).isEmpty();
  }

  @Test
  void relativeAndOciCatalogsAreRefused() {
    for (String bad :
        List.of("swiss-catalog", "./swiss-catalog", "../catalog", "oci://harbor/catalog")) {
      assertThatThrownBy(() -> minimal("catalog: " + bad + "\n"))
          .as(bad)
          .isInstanceOf(ProfileException.class)
          .hasMessageStartingWith("site.yaml: ")
          .hasMessageContaining("\"" + bad + "\"")
          .hasMessageContaining("absolute path");
    }
  }

  @Test
  void siteNamesAndUrlsAreTrimmed() {
    Profile p = minimal("sites:\n  - name: ' a '\n    url: ' https://a.example.com '\n");

    assertThat(p.sites()).containsExactly(new SiteLink("a", "https://a.example.com"));
  }

  @Test
  void aSiteNeedsBothANameAndAUrl() {
    assertThatThrownBy(
            () ->
                minimal(
                    "sites:\n  - name: a\n    url: https://a\n  - name: ' '\n    url: https://b\n"))
        .hasMessageContaining("sites[1]")
        .hasMessageContaining("name and url");
    assertThatThrownBy(() -> minimal("sites:\n  - name: a\n"))
        .hasMessageContaining("sites[0]")
        .hasMessageContaining("name and url");
  }

  @Test
  void aSiteUrlMustBeHttpOrHttps() {
    assertThatThrownBy(() -> minimal("sites:\n  - name: a\n    url: ftp://a.example.com\n"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("sites[0]")
        .hasMessageContaining("\"ftp://a.example.com\"")
        .hasMessageContaining("http://");
  }

  @Test
  void aNameIsRequired() {
    assertThatThrownBy(
            () -> Profile.parse("model:\n  pathTemplate: /m/{{name}}\n", "ns/site-profile"))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("ns/site-profile: ")
        .hasMessageContaining("name is required");
  }

  @Test
  void aPathTemplateIsRequired() {
    assertThatThrownBy(() -> Profile.parse("name: t\n", "site.yaml"))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("site.yaml: ")
        .hasMessageContaining("model.pathTemplate is required");
  }

  @Test
  void anEmptyDocumentIsRefusedForMissingTheName() {
    assertThatThrownBy(() -> Profile.parse("", "site.yaml"))
        .hasMessageContaining("name is required");
  }

  @Test
  void createNamespaceIsAnUnknownKeyNow() {
    assertThatThrownBy(() -> minimal("createNamespace: false\n"))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("site.yaml: ")
        .hasMessageContaining("createNamespace");
  }

  @Test
  void anUnknownNestedKeyIsNamedByItsPath() {
    assertThatThrownBy(() -> minimal("route:\n  auth:\n    secretName: x\n"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("route.auth.secretName");
  }

  @Test
  void aValueOfTheWrongTypeIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> minimal("nodes:\n  gpusPerNode: eight\n"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("nodes.gpusPerNode");
    assertThatThrownBy(() -> minimal("cache:\n  enabled: \"yes\"\n"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("cache.enabled");
  }

  @Test
  void aRepeatedKeyIsRefused() {
    assertThatThrownBy(() -> minimal("namespace: a\nnamespace: b\n"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("namespace");
  }

  @Test
  void malformedYamlIsRefusedNamingTheOriginAndTheLine() {
    assertThatThrownBy(() -> Profile.parse("name: t\nnamespace: a: b\n", "ns/site-profile"))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("ns/site-profile: ")
        .hasMessageContaining("line 2");
  }

  @Test
  void absentSectionsAreEmptyRecordsNotNulls() {
    Profile p = minimal("");

    assertThat(p.cache().enabled()).isFalse();
    assertThat(p.registry().mirror()).isEmpty();
    assertThat(p.route().auth().headers()).isEmpty();
    assertThat(p.scaler().serverHeaders()).isEmpty();
    assertThat(p.schedule().schedulerName()).isEmpty();
    assertThat(p.nodes().gpusPerNode()).isZero();
    assertThat(p.namespace()).isEmpty();
    assertThat(p.catalogs()).isEmpty();
    assertThat(p.sites()).isEmpty();
    assertThat(p.extra()).isEmpty();
  }

  @Test
  void extraIsAValuesTreeThatIsNotValidated() {
    Profile p = minimal("extra:\n  anything:\n    goes: 3\n    list: [1, x]\n  nothing: null\n");

    assertThat(p.extra()).containsEntry("anything", Map.of("goes", 3L, "list", List.of(1L, "x")));
    assertThat(p.extra()).containsKey("nothing");
  }

  @Test
  void yamlOneOneBooleanWordsInExtraStayStringsAsTheReferenceReadsThem() {
    Profile p =
        minimal("extra:\n  a: on\n  b: off\n  c: yes\n  d: no\n  e: y\n  f: N\n  g: true\n");

    assertThat(p.extra())
        .containsEntry("a", "on")
        .containsEntry("b", "off")
        .containsEntry("c", "yes")
        .containsEntry("d", "no")
        .containsEntry("e", "y")
        .containsEntry("f", "N")
        .containsEntry("g", true);
  }

  @Test
  void catalogsAreListedWithTheirDefault() {
    Profile p =
        minimal(
            """
        catalogs:
          - name: public
            url: https://modelsphere.github.io/model-catalog/
            default: true
          - name: lab
            url: /srv/lab-catalog
        """);

    assertThat(p.catalogRepos())
        .containsExactly(
            new CatalogRepo("public", "https://modelsphere.github.io/model-catalog/", true),
            new CatalogRepo("lab", "/srv/lab-catalog", false));
  }

  @Test
  void theLegacySingleCatalogIsTheDefaultCatalogWhenNoListIsGiven() {
    assertThat(minimal("catalog: /srv/catalog\n").catalogRepos())
        .containsExactly(new CatalogRepo("default", "/srv/catalog", true));
    assertThat(minimal("").catalogRepos()).isEmpty();
  }

  @Test
  void aCatalogNeedsANameAndAnHttpOrAbsoluteUrl() {
    assertThatThrownBy(() -> minimal("catalogs:\n  - url: /srv/c\n"))
        .hasMessageContaining("catalogs[0]")
        .hasMessageContaining("name and url");
    assertThatThrownBy(() -> minimal("catalogs:\n  - name: a\n    url: ./c\n"))
        .hasMessageContaining("catalogs[0]")
        .hasMessageContaining("\"./c\"");
  }

  @Test
  void catalogNamesAreUniqueAndAtMostOneIsTheDefault() {
    assertThatThrownBy(() -> minimal("catalogs:\n  - {name: a, url: /a}\n  - {name: a, url: /b}\n"))
        .hasMessageContaining("catalogs[1]")
        .hasMessageContaining("\"a\"");
    assertThatThrownBy(
            () ->
                minimal(
                    "catalogs:\n  - {name: a, url: /a, default: true}\n  - {name: b, url: /b, default: true}\n"))
        .hasMessageContaining("default");
  }

  @Test
  void loadNamesTheFileInErrors(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("site-bad.yaml");
    Files.writeString(file, "name: x\n");

    assertThatThrownBy(() -> Profile.load(file))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith(file + ": ");
    assertThatThrownBy(() -> Profile.load(dir.resolve("missing.yaml")))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("missing.yaml");
  }
}
