package dev.modelsphere.swiss.llmsvc;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;

/** A Secret in the same namespace holding {@code username} and {@code password}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CredentialsRef(@Required @Size(min = 1) String name) {}
