package dev.modelsphere.swiss.canary;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * An LLMService's Canary relationship, with the member names of the API's deployment rows and
 * release status (spec/canary.md §4), so it can be written into them as it is.
 *
 * @param managedBy the owning Canary; present when {@code state} is owned
 * @param assignedTo the Canary the service is lent to; present whenever the assignment annotation
 *     is, even on an owned service
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Relationship(
    CanaryState canaryState, CanaryParent managedBy, CanaryParent assignedTo) {
  public static final Relationship STANDALONE =
      new Relationship(CanaryState.STANDALONE, null, null);
}
