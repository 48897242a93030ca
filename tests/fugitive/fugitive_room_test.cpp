// Tests: RoomToRun (the exact chase's leaf value) on hand-worked positions of a ring.
#include <gtest/gtest.h>

#include "fugitive/room_to_run.h"
#include "test_maps.h"

using namespace pursuit::fugitive;

namespace {

const Map& ring20() {
    static const Map map = read_map(fugitive_test::ring(20));
    return map;
}

}  // namespace

// Detectives on 1 and 11-13 close the arc 2..10 from both ends; the distance to them is
// 1 2 3 4 5 4 3 2 1 over cities 2..10, and on turn t the Fugitive needs more than t.
TEST(FugitiveRoomToRun, ArcClosedFromBothEnds) {
    RoomToRun room(ring20(), {1, 11, 12, 13}, 4);
    EXPECT_EQ(room.from(6), 4);   // the middle: 6 5 4 5 6 keeps a lead of 1 through turn 4
    EXPECT_EQ(room.from(2), 4);   // 3 4 5 6 walks into the middle just in time
    EXPECT_EQ(room.from(3), 3);   // 4 5 6, then both neighbours of 6 are 4 away on turn 4
    RoomToRun longer(ring20(), {1, 11, 12, 13}, 6);
    EXPECT_EQ(longer.from(6), 4);  // the arc is closed after turn 4 whatever the horizon
}

TEST(FugitiveRoomToRun, NoSafeMoveAndOpenRoad) {
    RoomToRun room(ring20(), {1, 3, 11, 12}, 4);
    EXPECT_EQ(room.from(2), 0);    // both neighbours hold a Detective
    EXPECT_EQ(room.from(20), 3);   // 19 18 17, then the arc 13..20 is closed (13-20 are 1 2 3 4 4 3 2 1 away)
}
