package dev.modelsphere.swiss.canary;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The Canary experiment a service belongs to, as far as its metadata tells. Incomplete or malformed
 * metadata still names a parent, with {@code verified: false} and a reason, so a client never
 * mistakes an associated service for a standalone one.
 *
 * @param apiVersion the Canary's apiVersion, when known (ownership only)
 * @param kind the Canary's kind, when known (ownership only)
 * @param uid the Canary's uid, when an ownerReference gives it
 * @param arm the experiment arm, free text
 * @param reason why {@code verified} is false; empty when it is true
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record CanaryParent(
    String apiVersion,
    String kind,
    String namespace,
    String name,
    String uid,
    String arm,
    @JsonInclude(JsonInclude.Include.ALWAYS) boolean verified,
    String reason) {}
