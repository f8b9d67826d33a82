package dev.modelsphere.swiss.compose;

import dev.modelsphere.swiss.catalog.Entry;
import dev.modelsphere.swiss.catalog.Variant;
import dev.modelsphere.swiss.site.Profile;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Map;

/**
 * Everything a plan is composed from.
 *
 * @param catalogLocation the catalog's normalized index location, recorded as {@code
 *     source.catalog}
 * @param catalogName the site's name for that catalog; empty from the CLI
 * @param catalogRef the {@code sha256:} reference of the index bytes
 * @param release the release name; required
 * @param namespace empty falls back to the profile's namespace
 * @param form the form layer as the operator gave it
 * @param edits the edit layer, applied last
 * @param chartVersion the resolved chart version; empty only when the variant pins an exact one
 */
@RecordBuilder
public record ComposeRequest(
    String catalogLocation,
    String catalogName,
    String catalogRef,
    Entry entry,
    Variant variant,
    Profile profile,
    String release,
    String namespace,
    Map<String, Object> form,
    Map<String, Object> edits,
    boolean createNamespace,
    String chartVersion)
    implements ComposeRequestBuilder.With {}
