"""`pdnkit.Board`: the rules engine from Python."""

import random

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


def long_game(variant, plies, seed):
    """A board after up to `plies` random legal moves (fewer when the game ends), chosen among
    those after which the opponent has no capture where there are any, so the game lasts."""
    rng = random.Random(seed)
    board = pdnkit.Board(variant)
    while len(board.moves) < plies and not board.is_over():
        quiet = []
        for m in board.legal_moves():
            after = pdnkit.Board(variant, fen=board.fen())
            after.play(m)
            if not any("x" in n or ":" in n for n in after.legal_moves()):
                quiet.append(m)
        board.play(rng.choice(quiet or board.legal_moves()))
    return board


@pytest.mark.parametrize(
    "variant, seed",
    [("international", 3), ("russian", 3), ("english", 3), ("frisian", 1), ("turkish", 3)],
)
def test_a_long_game_ends_where_the_replay_of_its_moves_ends(variant, seed, tmp_path):
    # The board keeps its game and reads each move from there: the moves it wrote, replayed as
    # an archive, reach the same position.
    board = long_game(variant, 200, seed)
    assert len(board.moves) > 100
    game = tmp_path / "game.pdn"
    game.write_text(" ".join(board.moves) + " *\n")
    (record,) = list(pdnkit.read(str(game), variant=variant))
    assert record.status == "clean", [d.message for d in record.diagnostics]
    assert record.replayed == len(board.moves)
    assert record.final_fen == board.fen()


def test_a_refused_move_late_in_a_game_names_its_ply_and_changes_nothing():
    board = long_game("international", 120, seed=3)
    played, fen = board.moves, board.fen()
    assert len(played) == 120 and not board.is_over()
    with pytest.raises(pdnkit.PdnError) as e:
        board.play("1-50")
    assert (e.value.ply, e.value.side) == (121, board.turn)
    assert e.value.move_number == 61
    assert (board.moves, board.fen()) == (played, fen)
    # The board goes on from where it was.
    board.play(board.legal_moves()[0])
    assert board.moves[:-1] == played


def test_a_move_is_read_on_the_boards_own_board():
    # Ghanaian is played on several boards: a move that fits only another of them is refused,
    # and the board stays on its own.
    board = pdnkit.Board("ghanaian")
    fen = board.fen()
    with pytest.raises(pdnkit.PdnError) as e:
        board.play("32-28")
    assert e.value.code == "illegal-move"
    assert board.fen() == fen
    board.play("32-27")
    assert board.moves == ["32-27"]
