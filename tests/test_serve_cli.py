"""`rulelang serve` on the command line: its help, and a one-line error for an address it cannot listen on."""
import socket

from click.testing import CliRunner

from rulelang.cli.main import main


def test_serve_says_what_it_does_in_its_help():
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0 and "--db" in result.output and "--rules" in result.output and "token" in result.output


def test_a_port_in_use_is_a_one_line_error_not_a_traceback(tmp_path):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port), "--db", str(tmp_path / "t.sqlite3")])
    assert result.exit_code == 1 and f"cannot listen on 127.0.0.1:{port}: the port is in use" in result.output
    assert "Traceback" not in result.output and not (tmp_path / "t.sqlite3").exists()
