package dev.modelsphere.swiss.deploy.llmservicebackend;

import dev.modelsphere.swiss.llmsvc.SwissAnnotations;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.util.Map;
import java.util.Objects;

/**
 * Whether an LLMService read twice is still the one a write was decided on. The operator writes
 * status all the time, which moves the resourceVersion but not what swiss decided on; a new object
 * under the name, a spec change (the generation) or another apply (the plan hash) does, and then
 * the caller must look again. The guarded delete and the whole-spec update share this rule.
 */
final class LlmServiceMoves {
  private LlmServiceMoves() {}

  /**
   * Why the object is no longer the one that was read, in words, or null when only its status or
   * bookkeeping metadata moved and a retry is safe.
   */
  static String since(ObjectMeta seen, ObjectMeta now) {
    if (!Objects.equals(seen.getUid(), now.getUid())) {
      return "was replaced by a new object (uid %s is now %s)"
          .formatted(seen.getUid(), now.getUid());
    }
    if (!Objects.equals(seen.getGeneration(), now.getGeneration())) {
      return "was changed (generation %s is now %s)"
          .formatted(seen.getGeneration(), now.getGeneration());
    }
    String seenHash = planHash(seen);
    String nowHash = planHash(now);
    if (!Objects.equals(seenHash, nowHash)) {
      return "was re-applied (plan hash %s is now %s)".formatted(seenHash, nowHash);
    }
    return null;
  }

  private static String planHash(ObjectMeta meta) {
    Map<String, String> annotations = meta.getAnnotations();
    return annotations == null ? null : annotations.get(SwissAnnotations.PLAN_HASH);
  }
}
