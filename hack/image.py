#!/usr/bin/env python3
"""The JSON and tar work of hack/image and hack/image-test: the image's OCI files, without a daemon.

  image.py dockerfile-config DOCKERFILE [NAME=VALUE...]
      print the image config (User, Env, Entrypoint, ...) that the Dockerfile's last stage declares,
      with its build args set as given: hack/image writes the same config as `docker build` would
  image.py pack --config FILE --out IMAGE.tar --ref TAG --name NAME --created EPOCH --arch ARCH
                LAYER.tar...
      write an OCI image layout archive of the layers (uncompressed tars, bottom first)
  image.py unpack IMAGE.tar ROOT
      extract the image's layers in order into ROOT, applying whiteouts; print the image config
  image.py get CONFIG.json FIELD
      print one field of an image config: a list NUL-terminated item by item, a string as it is

Everything written is reproducible: the same layers, config and time give the same bytes.
"""

import concurrent.futures
import datetime
import gzip
import hashlib
import io
import json
import os
import re
import shlex
import shutil
import sys
import tarfile
import tempfile

OCI_MANIFEST = "application/vnd.oci.image.manifest.v1+json"
OCI_INDEX = "application/vnd.oci.image.index.v1+json"
OCI_CONFIG = "application/vnd.oci.image.config.v1+json"
OCI_LAYER_GZIP = "application/vnd.oci.image.layer.v1.tar+gzip"
OCI_LAYER_TAR = "application/vnd.oci.image.layer.v1.tar"
DOCKER_LAYER_GZIP = "application/vnd.docker.image.rootfs.diff.tar.gzip"
# Newer Pythons filter what they extract; a root filesystem has absolute symlinks and a sticky /tmp,
# which only the unfiltered extraction keeps (entries leaving the root are refused by inside()).
TRUSTED = {"filter": "fully_trusted"} if hasattr(tarfile, "fully_trusted_filter") else {}


def fail(message):
    sys.exit(f"image.py: {message}")


# --- dockerfile-config -------------------------------------------------------------------------


def dockerfile_instructions(text):
    """The instructions of a Dockerfile as (KEYWORD, arguments), continuations joined and heredoc
    bodies (the build's scripts, never image config) left out."""
    lines = (line for line in text.splitlines() if not line.lstrip().startswith("#"))
    for line in lines:
        if not line.strip():
            continue
        while line.rstrip().endswith("\\"):
            line = line.rstrip()[:-1] + " " + next(lines, "")
        for delimiter in re.findall(r"<<-?[\"']?(\w+)[\"']?", line):
            for body in lines:
                if body.strip() == delimiter:
                    break
        keyword, _, rest = line.strip().partition(" ")
        yield keyword.upper(), rest.strip()


def substitute(value, variables):
    def lookup(match):
        name = match.group(1) or match.group(2)
        return variables.get(name, "")

    return re.sub(r"\$\{(\w+)\}|\$(\w+)", lookup, value)


def pairs(arguments, variables):
    """KEY=VALUE words of ENV and LABEL, quotes removed and variables substituted."""
    result = {}
    for word in shlex.split(arguments):
        key, sep, value = word.partition("=")
        if not sep:
            fail(f"write '{arguments}' as KEY=VALUE pairs (the legacy 'KEY VALUE' form is not read)")
        result[key] = substitute(value, variables)
    return result


def exec_form(keyword, arguments):
    try:
        value = json.loads(arguments)
    except json.JSONDecodeError:
        value = None
    if not isinstance(value, list) or not all(isinstance(word, str) for word in value):
        fail(f"{keyword} must be in exec form (a JSON array of strings), got: {arguments}")
    return value


def dockerfile_config(path, build_args):
    """The config of the image the last stage of the Dockerfile builds, as an OCI image config's
    "config" object."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    config = None
    for keyword, arguments in dockerfile_instructions(text):
        if keyword == "FROM":
            # Only the last stage is the image. hack/image makes the base itself, so that stage
            # must too: a base image's config (its Env, User...) would not be read here.
            words = [word for word in arguments.split() if not word.startswith("--")]
            config, variables, env, base = {}, {}, {}, words[0]
        elif config is None:
            continue
        elif keyword == "ARG":
            name, sep, default = arguments.partition("=")
            variables[name] = build_args.get(name, default if sep else "")
        elif keyword == "ENV":
            env.update(pairs(arguments, {**variables, **env}))
            config["Env"] = [f"{k}={v}" for k, v in env.items()]
        elif keyword == "LABEL":
            config.setdefault("Labels", {}).update(pairs(arguments, {**variables, **env}))
        elif keyword in ("USER", "WORKDIR"):
            key = "User" if keyword == "USER" else "WorkingDir"
            config[key] = substitute(arguments, {**variables, **env})
        elif keyword == "EXPOSE":
            for port in arguments.split():
                config.setdefault("ExposedPorts", {})[port if "/" in port else port + "/tcp"] = {}
        elif keyword in ("ENTRYPOINT", "CMD"):
            config[keyword.capitalize()] = exec_form(keyword, arguments)
    if config is None:
        fail(f"{path} has no FROM")
    if base != "scratch":
        fail(f"the last stage of {path} builds FROM {base}; hack/image builds it FROM scratch")
    return config


# --- pack --------------------------------------------------------------------------------------


def sha256_file(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def compress(layer, target):
    """gzip a layer without a name or time in the header; returns (diff_id, digest, size)."""
    diff_id = hashlib.sha256()
    with open(layer, "rb") as src, open(target, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=6) as dst:
            for chunk in iter(lambda: src.read(1 << 20), b""):
                diff_id.update(chunk)
                dst.write(chunk)
    return "sha256:" + diff_id.hexdigest(), "sha256:" + sha256_file(target), os.path.getsize(target)


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def descriptor(media_type, data, **extra):
    return {
        "mediaType": media_type,
        "digest": "sha256:" + hashlib.sha256(data).hexdigest(),
        "size": len(data),
        **extra,
    }


def add_file(archive, name, mtime, data=None, path=None):
    info = tarfile.TarInfo(name)
    info.mtime, info.mode = mtime, 0o644
    if path is None:
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    else:
        info.size = os.path.getsize(path)
        with open(path, "rb") as f:
            archive.addfile(info, f)


def add_dir(archive, name, mtime):
    info = tarfile.TarInfo(name)
    info.type, info.mtime, info.mode = tarfile.DIRTYPE, mtime, 0o755
    archive.addfile(info)


def pack(args):
    options, layers = parse_pack_args(args)
    created = int(options["--created"])
    stamp = datetime.datetime.fromtimestamp(created, datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%SZ"
    )
    with open(options["--config"], encoding="utf-8") as f:
        runtime_config = json.load(f)

    with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(options["--out"]))) as tmp:
        targets = [os.path.join(tmp, f"layer{i}.tar.gz") for i in range(len(layers))]
        # zlib lets go of the interpreter lock: the layers compress side by side.
        with concurrent.futures.ThreadPoolExecutor() as pool:
            results = list(pool.map(compress, layers, targets))

        config = {
            "created": stamp,
            "architecture": options["--arch"],
            "os": "linux",
            "config": runtime_config,
            "rootfs": {"type": "layers", "diff_ids": [diff_id for diff_id, _, _ in results]},
            "history": [
                {"created": stamp, "created_by": f"hack/image: {os.path.basename(layer)[:-4]}"}
                for layer in layers
            ],
        }
        config_bytes = canonical(config)
        manifest = {
            "schemaVersion": 2,
            "mediaType": OCI_MANIFEST,
            "config": descriptor(OCI_CONFIG, config_bytes),
            "layers": [
                {"mediaType": OCI_LAYER_GZIP, "digest": digest, "size": size}
                for _, digest, size in results
            ],
        }
        manifest_bytes = canonical(manifest)
        annotations = {
            "org.opencontainers.image.ref.name": options["--ref"],
            # docker load names the image after this one.
            "io.containerd.image.name": options["--name"],
        }
        index = {
            "schemaVersion": 2,
            "mediaType": OCI_INDEX,
            "manifests": [descriptor(OCI_MANIFEST, manifest_bytes, annotations=annotations)],
        }

        blobs = {
            manifest["config"]["digest"]: (config_bytes, None),
            index["manifests"][0]["digest"]: (manifest_bytes, None),
        }
        for target, (_, digest, _) in zip(targets, results):
            blobs[digest] = (None, target)
        partial = options["--out"] + ".partial"
        with tarfile.open(partial, "w", format=tarfile.USTAR_FORMAT) as archive:
            add_file(archive, "oci-layout", created, canonical({"imageLayoutVersion": "1.0.0"}))
            add_file(archive, "index.json", created, canonical(index))
            add_dir(archive, "blobs", created)
            add_dir(archive, "blobs/sha256", created)
            for digest in sorted(blobs):
                data, path = blobs[digest]
                add_file(archive, "blobs/sha256/" + digest.split(":", 1)[1], created, data, path)
        os.replace(partial, options["--out"])


def parse_pack_args(args):
    options, layers = {}, []
    words = iter(args)
    for word in words:
        if word.startswith("--"):
            options[word] = next(words, None)
        else:
            layers.append(word)
    required = ("--config", "--out", "--ref", "--name", "--created", "--arch")
    missing = [option for option in required if not options.get(option)]
    if missing or not layers:
        fail(f"pack needs {', '.join(missing) or 'at least one layer'}")
    return options, layers


# --- unpack ------------------------------------------------------------------------------------


def read_member(archive, name):
    member = archive.extractfile(name)
    if member is None:
        fail(f"the image has no {name}: not an OCI image layout archive")
    return member.read()


def blob(digest):
    return "blobs/" + digest.replace(":", "/", 1)


def inside(root, name):
    path = os.path.normpath(os.path.join(root, name.lstrip("/")))
    if path != root and not path.startswith(root + os.sep):
        fail(f"a layer entry leaves the root: {name}")
    return path


def apply_whiteouts(layer, root):
    """Deletes what the layer's whiteout entries delete in the layers below it; returns the
    entries to extract."""
    keep = []
    for member in layer.getmembers():
        directory, base = os.path.split(member.name.rstrip("/"))
        if base == ".wh..wh..opq":
            target = inside(root, directory)
            for child in os.listdir(target) if os.path.isdir(target) else []:
                remove(os.path.join(target, child))
        elif base.startswith(".wh."):
            remove(inside(root, os.path.join(directory, base[len(".wh."):])))
        else:
            inside(root, member.name)
            keep.append(member)
    return keep


def remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)


def unpack(image, root):
    root = os.path.abspath(root)
    os.makedirs(root, exist_ok=True)
    with tarfile.open(image) as archive:
        index = json.loads(read_member(archive, "index.json"))
        if len(index.get("manifests", [])) != 1:
            fail(f"{image} should hold one image, it holds {len(index.get('manifests', []))}")
        manifest = json.loads(read_member(archive, blob(index["manifests"][0]["digest"])))
        config = json.loads(read_member(archive, blob(manifest["config"]["digest"])))
        for layer in manifest["layers"]:
            if layer["mediaType"] not in (OCI_LAYER_GZIP, OCI_LAYER_TAR, DOCKER_LAYER_GZIP):
                fail(f"cannot unpack a layer of type {layer['mediaType']}")
            data = archive.extractfile(blob(layer["digest"]))
            with tarfile.open(fileobj=data, mode="r:*") as tar:
                members = apply_whiteouts(tar, root)
                # As a container runtime does: owners by number, modes as written.
                tar.extractall(root, members=members, numeric_owner=True, **TRUSTED)
    json.dump(config, sys.stdout, indent=2)
    print()


# --- get ---------------------------------------------------------------------------------------


def get(path, field):
    with open(path, encoding="utf-8") as f:
        config = json.load(f)
    config = config.get("config", config)
    value = config.get(field)
    if value is None:
        return
    if isinstance(value, list):
        sys.stdout.write("".join(item + "\0" for item in value))
    elif isinstance(value, dict):
        json.dump(value, sys.stdout)
    else:
        sys.stdout.write(str(value))


def main(argv):
    command, args = (argv[1], argv[2:]) if len(argv) > 1 else ("", [])
    if command == "dockerfile-config" and args:
        build_args = dict(arg.split("=", 1) for arg in args[1:])
        json.dump(dockerfile_config(args[0], build_args), sys.stdout, indent=2)
        print()
    elif command == "pack":
        pack(args)
    elif command == "unpack" and len(args) == 2:
        unpack(*args)
    elif command == "get" and len(args) == 2:
        get(*args)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
