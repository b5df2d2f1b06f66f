"""`pdnkit.Board`: the rules engine from Python."""

import pytest

import pdnkit


def test_the_start_position_and_its_moves():
    board = pdnkit.Board("international")
    assert board.fen() == "W:W31-50:B1-20"
    assert board.turn == "white"
    assert sorted(board.legal_moves()) == sorted(
        ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
    )
    assert not board.is_over()


def test_perft_equals_the_command_line(cli):
    for variant, depth in [("international", 5), ("russian", 6), ("english", 6)]:
        code, out, err = cli("perft", "--variant", variant, "--depth", depth)
        assert code == 0, err
        assert pdnkit.Board(variant).perft(depth) == int(out.split()[-1])
    code, out, _ = cli("perft", "--variant", "international", "--depth", 4, "--count", "keep")
    assert pdnkit.Board("international").perft(4, count="keep") == int(out.split()[-1])
    with pytest.raises(ValueError):
        pdnkit.Board("international").perft(2, count="all")


def test_moves_are_read_in_any_notation_pdnkit_reads():
    board = pdnkit.Board("russian")
    board.play("cd4")  # Russian short notation
    board.play("F6-G5")  # upper-case squares
    board.play("e3-f4")
    board.play("g5xc5")  # a capture of two pieces written by its ends
    board.play("a3-b4")
    played = ["c3-d4", "f6-g5", "e3-f4", "g5:e3:c5", "a3-b4"]
    assert board.moves == played
    assert board.turn == "black"
    # A capture is compulsory: the quiet move is refused, with the diagnostic's fields.
    with pytest.raises(pdnkit.PdnError) as e:
        board.play("h6-g5")
    assert e.value.code == "capture-required"
    assert (e.value.ply, e.value.side, e.value.move) == (6, "black", "h6-g5")
    assert isinstance(e.value, ValueError)
    # A refused move changes nothing.
    assert board.moves == played
    assert board.legal_moves() == ["c5:a3"]
    board.play("c5:a3")
    assert board.moves == played + ["c5:a3"]


def test_illegal_and_unreadable_moves_raise():
    board = pdnkit.Board("international")
    with pytest.raises(pdnkit.PdnError) as e:
        board.play("32-26")
    assert e.value.code == "illegal-move"
    assert "legal moves: 31-26, 31-27" in e.value.message
    with pytest.raises(pdnkit.PdnError) as e:
        board.play("19-23")
    assert e.value.code == "wrong-side"
    for bad in ["", "32-28 33-29", "{32-28}", "1-0"]:
        with pytest.raises(pdnkit.PdnError):
            board.play(bad)
    assert board.moves == []


def test_a_game_that_is_over():
    # White has one man left, and black takes it.
    board = pdnkit.Board("international", fen="B:W28:B22,K5")
    assert not board.is_over()
    board.play("22x33")
    assert board.is_over()
    assert board.legal_moves() == []
    with pytest.raises(pdnkit.PdnError):
        board.play("5-10")


def test_bad_variants_and_fens():
    with pytest.raises(pdnkit.PdnError) as e:
        pdnkit.Board("chess")
    assert e.value.code == "unknown-variant"
    with pytest.raises(pdnkit.PdnError) as e:
        pdnkit.Board("international", fen="W:W99:B1")
    assert e.value.code == "bad-fen"
    assert "international" in pdnkit.variants()


def test_svg_is_the_picture_the_command_line_draws(cli, tmp_path):
    moves = ["c3-d4", "f6-g5", "g3-h4", "g5-f4", "e3xg5"]
    board = pdnkit.Board("russian")
    for move in moves:
        board.play(move)
    game = tmp_path / "game.pdn"
    game.write_text('[GameType "25"]\n1. c3-d4 f6-g5 2. g3-h4 g5-f4 3. e3xg5 *\n')
    code, out, err = cli("diagram", game, "--last-move", "--size", 320, "--flip", "--theme", "dark")
    assert code == 0, err
    picture = board.svg(size=320, flip=True, theme="dark")
    assert picture == out
    # The capture's square is marked; without the last move the picture is the plain position.
    code, plain, err = cli("diagram", "--variant", "russian", "--fen", board.fen())
    assert code == 0, err
    assert board.svg(last_move=False) == plain
    assert picture != plain
    assert board._repr_svg_() == board.svg()
    with pytest.raises(ValueError):
        board.svg(theme="blue")
    with pytest.raises(ValueError):
        board.svg(size=2)
