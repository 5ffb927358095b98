"""The Mayhem content toolchain: DSL, compiler, runtime and reference site."""

__version__ = "0.1.0"
