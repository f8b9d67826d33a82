package dev.modelsphere.swiss.sitestate;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.site.SiteLink;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * The body of {@code GET /api/cluster}: what the navigation header shows, the selectable catalogs,
 * the other sites, and every problem worth a banner. It is always answered; failures become
 * warnings.
 *
 * @param name the profile's name; empty when the profile cannot be read
 * @param profile where the profile is kept (the config's ConfigMap or file)
 * @param catalog the URL of the default catalog, else of the first; empty when there is none
 * @param catalogFrom {@code profile} or {@code config}: where the catalog list came from
 * @param catalogRef the ref of the catalog named by {@code catalog}; empty when it cannot be opened
 * @param version this server's version
 * @param allowDeploy {@code server.allowDeploy}
 * @param sites the profile's other sites
 */
@RecordBuilder
public record ClusterAnswer(
    String name,
    String profile,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String profileName,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String priorityClassName,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String schedulerName,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String namespace,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String chartRepo,
    String catalog,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String catalogFrom,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) String catalogRef,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<CatalogSummary> catalogs,
    String version,
    boolean allowDeploy,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<SiteLink> sites,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> warnings,
    @JsonInclude(JsonInclude.Include.NON_NULL) LlmServiceSummary llmservice) {}
