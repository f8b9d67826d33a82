package dev.modelsphere.swiss.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.modelsphere.swiss.values.Nulls;
import java.util.List;

/**
 * What the site lets rendered pods do beyond its Pod Security level, one exception at a time. Every
 * switch is off by default but {@code modelHostPath}: every engine chart mounts the weights from
 * the node, at the site's own {@code model.pathTemplate}.
 *
 * @param hostNetwork pods may share the node's network
 * @param hostPID pods may share the node's process namespace
 * @param hostIPC pods may share the node's IPC namespace
 * @param privileged containers may run privileged, or with privilege escalation
 * @param runAsRoot containers may run as root: {@code runAsUser: 0}, and no {@code runAsNonRoot}
 * @param hostPath any hostPath volume
 * @param hostPaths node directories pods may mount besides the model and cache directories
 * @param modelHostPath pods may mount the site's model directory ({@code model.pathTemplate} up to
 *     its first placeholder) and {@code cache.hostPath}; null reads as true
 * @param hostPorts containers may bind node ports
 * @param volumeTypes volume kinds beyond those the level allows ({@code nfs}, {@code iscsi})
 * @param capabilities Linux capabilities containers may add beyond the level's ({@code IPC_LOCK})
 */
public record PolicyAllow(
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean hostNetwork,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean hostPID,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean hostIPC,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean privileged,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean runAsRoot,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean hostPath,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> hostPaths,
    @JsonInclude(JsonInclude.Include.ALWAYS) Boolean modelHostPath,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean hostPorts,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> volumeTypes,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> capabilities) {

  public PolicyAllow {
    hostPaths = Nulls.withoutNullItems(hostPaths);
    modelHostPath = modelHostPath == null || modelHostPath;
    volumeTypes = Nulls.withoutNullItems(volumeTypes);
    capabilities = Nulls.withoutNullItems(capabilities);
  }

  /** Nothing beyond the level but the model directory. */
  public static PolicyAllow nothing() {
    return new PolicyAllow(
        false, false, false, false, false, false, List.of(), true, false, List.of(), List.of());
  }
}
