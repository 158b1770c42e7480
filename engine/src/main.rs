//! The `rockad` binary: with no arguments the UCI engine, else a
//! subcommand (see `rockad --help`).

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    std::process::exit(rockad::cli::main(std::env::args_os().skip(1)));
}
