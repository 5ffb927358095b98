"""The language server of the Mayhem content language (`mayhem lsp`): diagnostics, quick
fixes, completion, hover, navigation, rename, outline, folding and semantic tokens, on pygls
over stdio. Needs the `lsp` extra (pygls, lsprotocol)."""
