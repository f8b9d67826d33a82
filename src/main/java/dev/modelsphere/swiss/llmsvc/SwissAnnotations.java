package dev.modelsphere.swiss.llmsvc;

import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.List;
import java.util.Map;

/**
 * The annotations swiss writes on an LLMService to record the plan behind it. Their presence is
 * also what tells a swiss-deployed object from an external one.
 */
public final class SwissAnnotations {
  /** Every swiss key starts with this; operator keys ({@code serving.modelsphere.dev/}) do not. */
  public static final String PREFIX = "swiss.modelsphere.dev/";

  public static final String PLAN_HASH = PREFIX + "plan-hash";
  public static final String CATALOG = PREFIX + "catalog";
  public static final String CATALOG_NAME = PREFIX + "catalog-name";
  public static final String CATALOG_REF = PREFIX + "catalog-ref";
  public static final String ENTRY_DIGEST = PREFIX + "entry-digest";
  public static final String PROFILE = PREFIX + "profile";
  public static final String ACTION = PREFIX + "action";
  public static final String NOTE = PREFIX + "note";

  /** The eight keys, in the order swiss writes them. */
  public static final List<String> KEYS =
      List.of(PLAN_HASH, CATALOG, CATALOG_NAME, CATALOG_REF, ENTRY_DIGEST, PROFILE, ACTION, NOTE);

  private SwissAnnotations() {}

  /** True for a key in swiss's namespace, whether or not it is one of the eight. */
  public static boolean isSwiss(String key) {
    return key != null && key.startsWith(PREFIX);
  }

  /**
   * True when the metadata carries no swiss annotation at all; null metadata counts as external.
   */
  public static boolean isExternal(ObjectMeta metadata) {
    if (metadata == null) {
      return true;
    }
    return noSwissKey(metadata.getAnnotations());
  }

  /** True when swiss did not deploy the object: it has no swiss annotation, or it is null. */
  public static boolean isExternal(LlmService svc) {
    return svc == null || isExternal(svc.getMetadata());
  }

  private static boolean noSwissKey(Map<String, String> annotations) {
    return annotations == null
        || annotations.keySet().stream().noneMatch(SwissAnnotations::isSwiss);
  }
}
