package dev.modelsphere.swiss.deploy.llmservicebackend;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.llmsvc.LlmService;
import dev.modelsphere.swiss.llmsvc.LlmServiceSpec;
import dev.modelsphere.swiss.llmsvc.OperatorAnnotations;
import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import dev.modelsphere.swiss.values.JsonMappers;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The rules of one LLMService write (backends.md §3.7 steps 6 and 9): which annotations it carries
 * and which generation it will produce. Pure, so the rules are tested without a cluster.
 */
final class LlmServiceUpdate {
  private static final ObjectMapper JSON = JsonMappers.PLAIN;

  private LlmServiceUpdate() {}

  /**
   * The annotations an update writes over {@code current}. Whatever other owners put there
   * (deletion-policy, kubectl's last-applied-configuration, a Canary's assignment, third-party
   * keys) is kept; swiss's own keys are replaced by {@code fresh}'s, so a stale note or action does
   * not survive; the force-conflicts request is set only when this write forces.
   *
   * @param force the generation to force, or empty for none
   * @return null when nothing is left, which the API server stores as no annotations
   */
  static Map<String, String> mergeAnnotations(
      Map<String, String> current, Map<String, String> fresh, String force) {
    Map<String, String> merged = new LinkedHashMap<>();
    if (current != null) {
      current.forEach(
          (key, value) -> {
            if (!SwissAnnotations.isSwiss(key)
                && !OperatorAnnotations.FORCE_CONFLICTS.equals(key)) {
              merged.put(key, value);
            }
          });
    }
    if (fresh != null) {
      fresh.forEach(
          (key, value) -> {
            if (SwissAnnotations.isSwiss(key)) {
              merged.put(key, value);
            }
          });
    }
    if (force != null && !force.isEmpty()) {
      merged.put(OperatorAnnotations.FORCE_CONFLICTS, force);
    }
    return merged.isEmpty() ? null : merged;
  }

  /**
   * The generation the API server will give the object once {@code fresh} is written: 1 for a new
   * object, the current one when the spec is unchanged (annotations never move it), else one more.
   */
  static long predictGeneration(LlmService current, LlmServiceSpec fresh) {
    if (current == null) {
      return 1;
    }
    Long generation = current.getMetadata().getGeneration();
    long now = generation == null || generation < 1 ? 1 : generation;
    return sameSpec(current.getSpec(), fresh) ? now : now + 1;
  }

  /**
   * Compared as JSON trees, each read back from its own text, so {@code 1} read from the API server
   * as an Integer equals the plan's {@code 1} as a Long.
   */
  static boolean sameSpec(LlmServiceSpec a, LlmServiceSpec b) {
    return tree(a).equals(tree(b));
  }

  private static JsonNode tree(LlmServiceSpec spec) {
    try {
      return JSON.readTree(JSON.writeValueAsString(spec));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("an LLMService spec cannot be written as JSON", e);
    }
  }
}
