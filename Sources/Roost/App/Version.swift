/// This build's version, which `roost --version` prints and the start-up log names.
public let roostVersion = "0.9.0"
