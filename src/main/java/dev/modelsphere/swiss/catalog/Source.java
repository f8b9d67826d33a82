package dev.modelsphere.swiss.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where a model's weights come from. It arrives from the index (the model's metadata), never from a
 * version file.
 *
 * @param hf the Hugging Face repository, {@code org/name}
 * @param revision a commit or tag, optional
 * @param sizeGiB the size of the weights, optional
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record Source(
    @JsonInclude(JsonInclude.Include.ALWAYS) String hf, String revision, Double sizeGiB) {}
