// Perft driver for dctl (github.com/rhalbersma/dctl), for benches/perft_vs_dctl.sh only: dctl
// is built outside the repository (benches/RESULTS.md, "Perft against dctl"). Each variant is
// dctl's own rules and board pair as its perft tests (test/src/algo/traversal/initial) set
// them up; the count is dctl's `depth_limited_count<true>` (bulk counting at the last ply).
//
//   dctl-perft VARIANT drop|keep DEPTH   ->   "LEAVES SECONDS"
#include <dctl/algo/traversal/root.hpp>
#include <dctl/core.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace dctl::algo;
using namespace dctl::core;

template<class State>
static int run(State const& state, char const* mode, int depth)
{
        auto const start = std::chrono::steady_clock::now();
        int64_t leaves = 0;
        if (std::strcmp(mode, "drop") == 0) {
                leaves = traversal::depth_limited_count<true>(state, depth, drop_duplicates_gen);
        } else if (std::strcmp(mode, "keep") == 0) {
                leaves = traversal::depth_limited_count<true>(state, depth, keep_duplicates_gen);
        } else {
                std::fprintf(stderr, "mode must be drop or keep\n");
                return 2;
        }
        std::chrono::duration<double> const took = std::chrono::steady_clock::now() - start;
        std::printf("%lld %.6f\n", static_cast<long long>(leaves), took.count());
        return 0;
}

int main(int argc, char** argv)
{
        if (argc != 4) {
                std::fprintf(stderr, "usage: dctl-perft VARIANT drop|keep DEPTH\n");
                return 2;
        }
        char const* v = argv[1];
        char const* mode = argv[2];
        int const depth = std::atoi(argv[3]);
        auto is = [&](char const* name) { return std::strcmp(v, name) == 0; };
        using r8 = basic_board<rectangular<8, 8>>;
        using r8i = basic_board<rectangular<8, 8, true>>;
        if (is("international")) return run(basic_state<international, basic_board<international>>::initial(), mode, depth);
        if (is("frisian"))       return run(basic_state<frisian, basic_board<frisian>>::initial(), mode, depth);
        if (is("brazilian"))     return run(basic_state<brazilian, r8>::initial(), mode, depth);
        if (is("pool"))          return run(basic_state<pool, r8>::initial(), mode, depth);
        if (is("russian"))       return run(basic_state<russian, r8>::initial(), mode, depth);
        if (is("english"))       return run(basic_state<checkers, r8>::initial(), mode, depth);
        if (is("czech"))         return run(basic_state<czech, r8>::initial(), mode, depth);
        if (is("spanish"))       return run(basic_state<spanish, r8i>::initial(), mode, depth);
        if (is("italian"))       return run(basic_state<italian, r8i>::initial(), mode, depth);
        // Thai with three ranks of men (two empty ranks between): pdnkit's "thai-12".
        if (is("thai-12"))       return run(basic_state<thai, r8>::initial(2), mode, depth);
        if (is("canadian"))      return run(basic_state<canadian, basic_board<rectangular<12, 12>>>::initial(), mode, depth);
        // International rules on the 10x8 board: pdnkit's "spantsiretti-international".
        if (is("spantsiretti-international"))
                return run(basic_state<international, basic_board<spantsiretti>>::initial(), mode, depth);
        std::fprintf(stderr, "unknown variant %s\n", v);
        return 2;
}
